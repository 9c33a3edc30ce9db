import type { PayloadRequest } from 'payload'

import type { OccurrencePreview, SeriesPreview } from '../../../../contract/http.js'
import type { BookingWriteOptions } from '../booking-write-options.js'
import type { ReserveRuntime, Services } from '../../../services.js'

import { requireCreateAccess } from '../../../shared/access/require-create-access.js'
import { refusalAsPayloadError } from '../../../shared/refusals.js'
import { planSeries, seriesRefusals } from './book-series.js'
import { skippedOccurrence } from './series-refusal.js'

/**
 * Each occurrence of the series `data` (the body of a series booking) as booking it now would
 * find it: free, or refused and why (`taken` when its time is taken). Planned as `bookSeries`
 * plans, then decided by the ledger as one series (earlier occurrences counted against later
 * ones) without appending anything. The idempotency key is left out: a preview claims none.
 */
export const previewSeries = async (
  req: PayloadRequest,
  options: BookingWriteOptions,
  services: Services<Pick<ReserveRuntime, 'feeds' | 'ledger'>>,
  data: Record<string, unknown>,
): Promise<SeriesPreview> => {
  const { idempotencyKey: _key, ...body } = data
  try {
    await requireCreateAccess(req, options, body)
    const planned = await planSeries(req, options, services, body)
    const { entries, times } = planned
    const refusals = new Map((await seriesRefusals(req, services, planned)).map((refusal) => [refusal.index, refusal]))
    const ends = new Map(entries.map(({ command, index }) => [index, command.data.plan.endTime]))
    const occurrences = times.starts.map((start, index): OccurrencePreview => {
      const refusal = refusals.get(index)
      if (refusal === undefined) {
        return { endTime: ends.get(index)!, free: true, index, startTime: new Date(start).toISOString() }
      }
      const { message, path } = skippedOccurrence(refusal, times)
      return { free: false, index, message, path, startTime: new Date(start).toISOString(), taken: refusal.rejection.kind === 'conflict' }
    })
    return { occurrences }
  } catch (error) {
    throw refusalAsPayloadError(error, options.slugs.reservations)
  }
}
