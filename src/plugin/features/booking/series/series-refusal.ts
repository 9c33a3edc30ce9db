import { ValidationError } from 'payload'

import type { SeriesRefusal } from '../../../../commands/ledger.js'
import type { SkippedOccurrence } from '../../../../contract/http.js'

import { localDateOf } from '../../../../time/local-time.js'
import { LedgerRejection } from '../../../shared/refusals.js'

/** Where a series reports an occurrence: its start, and the zone its date is read in. */
export interface OccurrenceTimes {
  starts: number[]
  timeZone: string
}

/** A refused occurrence as the caller reads it: `recurrence.occurrences.<i>.<field>`, its local date first in the message. */
export const skippedOccurrence = ({ index, rejection }: SeriesRefusal, { starts, timeZone }: OccurrenceTimes): SkippedOccurrence => ({
  index,
  message: `${localDateOf(starts[index], timeZone)}: ${rejection.message}`,
  path: `recurrence.occurrences.${index}.${rejection.path ?? 'startTime'}`,
  startTime: new Date(starts[index]).toISOString(),
})

/**
 * A series refused whole, naming every occurrence that could not be booked, in Payload's standard
 * error body: 409 when each was refused for its time being taken, else 400 (the schedule, the
 * booking window, a time in the past).
 */
export const seriesRefused = (refusals: SeriesRefusal[], times: OccurrenceTimes, collection: string): Error => {
  const ordered = [...refusals].sort((a, b) => a.index - b.index)
  const errors = ordered.map((refusal) => {
    const { message, path } = skippedOccurrence(refusal, times)
    return { message, path }
  })
  if (ordered.every(({ rejection }) => rejection.kind === 'conflict')) {
    const dates = ordered.map(({ index }) => localDateOf(times.starts[index], times.timeZone)).join(', ')
    return new LedgerRejection(`The series cannot be booked: the time is taken on ${dates}`, 409, { collection, errors })
  }
  return new ValidationError({ collection, errors })
}
