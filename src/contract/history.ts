import { z } from 'zod'

import { dateTime, RecordId } from './common.js'

/** Who caused a ledger event. */
export const HistoryActor = z
  .union([
    z.object({ collection: z.string(), id: RecordId, kind: z.literal('user') }),
    z.object({ kind: z.literal('guest') }),
    z.object({ kind: z.literal('system'), name: z.string() }),
  ])
  .meta({ description: "`{ kind: 'user', collection, id }`, `{ kind: 'guest' }` or `{ kind: 'system', name }`." })
export type HistoryActor = z.output<typeof HistoryActor>

/** A field of a reservation whose old and new values the history tells. */
export type HistoryField =
  | 'customer'
  | 'endTime'
  | 'guest'
  | 'guestCount'
  | 'items'
  | 'notes'
  | 'resource'
  | 'service'
  | 'startTime'
  | 'status'

/** One field an event changed: its value before and after (null where unset; relations as ids). */
export const HistoryChange = z.object({
  /** A field the site added to reservations reads by its name. */
  field: (z.string() as z.ZodType<(string & {}) | HistoryField>).meta({
    description:
      'One of `startTime`, `endTime`, `resource`, `service`, `guestCount`, `items`, `customer`, `guest`, `notes`, `status`, or the name of a field the site added to reservations (staff only; values as the database stores them, a localized one by locale).',
  }),
  from: z.unknown().meta({ description: 'The value before the event.' }),
  to: z.unknown().meta({ description: 'The value after it.' }),
})
export type HistoryChange = z.output<typeof HistoryChange>

export const HistoryEvent = z.object({
  actor: HistoryActor,
  at: dateTime(),
  /** What the event changed, field by field; empty for a booking, a deletion and recovery's bookkeeping. */
  changes: z.array(HistoryChange).meta({
    description:
      "What the event changed, field by field, oldest value first; empty for a booking, a deletion and recovery's bookkeeping. Values as the reservation holds them (relations as ids, items as rows, null where unset). Events of older versions, written without old values, get them from the stream up to the event. A customer reading their own history gets no `notes` and none of the site's own fields here or in `data` (`fields`), and no event that changed only those.",
  }),
  data: z.record(z.string(), z.unknown()).meta({
    description:
      'The event payload (never the guest token digest). A details change holds `changes` and `previous` (new and old values of the fields it names); a move holds the new plan and `previous` (the schedule before it).',
  }),
  reason: z.string().nullable(),
  revision: z.int().min(0),
  type: z.string(),
})
export type HistoryEvent = z.output<typeof HistoryEvent>

/** GET /api/reserve/history: the reservation's events, oldest first. */
export const HistoryResponse = z.object({ events: z.array(HistoryEvent), reservationId: z.string() })
export type HistoryResponse = z.output<typeof HistoryResponse>

/**
 * GET /api/reserve/live (server-sent events): the data of a `reservation` event, sent once the
 * reservation's document shows the change; the event's `id` is its ledger position.
 */
export const LiveEventData = z
  .object({
    reservationId: z.string(),
    /** The reservation stream's revision the change is: the document's `ledgerRevision` from then on. */
    revision: z.int().min(0).meta({ description: "The reservation stream's revision the change is: the document's `ledgerRevision` from then on." }),
  })
  .meta({ description: 'Each `reservation` event carries this as its data, as JSON.' })
export type LiveEventData = z.output<typeof LiveEventData>
