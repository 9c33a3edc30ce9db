import type { JsonObject, PayloadRequest } from 'payload'

import type { SeriesEntry, SeriesRefusal } from '../../../../commands/ledger.js'
import type { DecidedWrite } from '../write-protocol/write-session.js'
import type { TenancyOptions } from '../../../options.js'
import type { BookingWriteOptions } from '../booking-write-options.js'
import type { ReserveRuntime, Services } from '../../../services.js'

import { isSeriesRejected } from '../../../../commands/book-series.js'
import { approveDocument, requestDocument } from '../write-protocol/request-command.js'
import { refusalAsPayloadError } from '../../../shared/refusals.js'
import { recordRequestWrite } from '../write-protocol/write-session.js'
import { bookedWrite, partialOf, planSeries, type SeriesPlan, seriesRefusals } from './book-series.js'
import { seriesRefused } from './series-refusal.js'

/** A date the Local API was handed as a Date: the series reads instants as ISO text. */
const isoTime = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value)

/**
 * Appends the series at the save of its first occurrence's document (`append-on-save.ts`): the
 * occurrences still free, as one decision, each document approved by Payload's validation first.
 * The others' documents are projected here; every occurrence is the request's write, so a failure
 * later in the request voids the whole series, and its hooks fire once the request succeeded.
 */
const appendSeries =
  (
    req: PayloadRequest,
    options: TenancyOptions,
    services: Services<Pick<ReserveRuntime, 'ledger' | 'ownership' | 'projector'>>,
    plan: SeriesPlan,
    free: SeriesEntry[],
    partial: boolean,
    refused: SeriesRefusal[],
  ) =>
  async (data: JsonObject): Promise<JsonObject> => {
    const collection = options.slugs.reservations
    const { ledger, ownership, projector } = services.of(req.payload)
    const ids = free.map(({ command }) => command.data.reservationId)
    // This request writes the occurrences' documents itself, not the background projector.
    ids.forEach((id) => ownership.claim(id))
    const outcome = await ledger.bookSeries(free, plan.meta, { approve: approveDocument(req, options, 'create'), partial }).catch((error: unknown) => {
      ids.forEach((id) => ownership.release(id))
      if (isSeriesRejected(error)) {
        throw seriesRefused([...refused, ...error.refusals], plan.times, collection)
      }
      throw refusalAsPayloadError(error, collection)
    })
    const booked = new Set(outcome.booked.map(({ reservationId }) => reservationId))
    ids.filter((id) => !booked.has(id)).forEach((id) => ownership.release(id))
    for (const occurrence of outcome.booked) {
      recordRequestWrite(req, occurrence.reservationId, bookedWrite(occurrence))
      if (plan.token) {
        ownership.keepToken(occurrence.reservationId, plan.token)
      }
    }
    const [first, ...rest] = outcome.booked
    if (!first) {
      throw seriesRefused([...refused, ...outcome.refused], plan.times, collection)
    }
    for (const { reservationId } of rest) {
      await projector.project(reservationId, { deliverHooks: false })
    }
    // The first occurrence booked is the document saved: another's, if a concurrent booking took the one decided.
    const { events, state } = first
    const document = requestDocument(req, options, { projector }, first.reservationId, { before: { kind: 'absent' }, events, revision: events[events.length - 1].revision, state })
    return { ...data, ...document }
  }

/**
 * A create through the reservations collection (REST, GraphQL, the Local API, the admin's form)
 * that carries `recurrence`: the series POST /api/reserve/book books, planned and decided as it
 * is, refused as it is (all or nothing unless `partial`, each refused occurrence named), before
 * anything is appended. The document Payload validates and saves is the first occurrence to be
 * booked; the series is appended at that save.
 */
export const decideSeriesCreate = async (
  req: PayloadRequest,
  options: BookingWriteOptions,
  services: Services<Pick<ReserveRuntime, 'feeds' | 'ledger' | 'ownership' | 'projector'>>,
  data: JsonObject,
) => {
  const collection = options.slugs.reservations
  const partial = partialOf({ partial: data.partial ?? false }, collection)
  const plan = await planSeries(req, options, services, { ...data, endTime: isoTime(data.endTime), startTime: isoTime(data.startTime) })
  const refused = await seriesRefusals(req, services, plan)
  const free = plan.entries.filter(({ index }) => !refused.some((refusal) => refusal.index === index))
  if ((refused.length > 0 && !partial) || free.length === 0) {
    throw seriesRefused(refused, plan.times, collection)
  }
  const [{ command }] = free
  const { next, nextRevision } = await services.of(req.payload).ledger.precheck(command.data.reservationId, [command], plan.meta)
  const write: DecidedWrite = {
    append: appendSeries(req, options, services, plan, free, partial, refused),
    before: { kind: 'absent' },
    commands: [command],
    meta: plan.meta,
    next,
    operation: 'create',
    siteData: {},
  }
  return { nextRevision, reservationId: command.data.reservationId, write }
}
