import { z } from 'zod'

import { bookingShape } from './booking-shape.js'
import { MAX_ITEMS } from './messages.js'
import { dateTime, RecordId } from './common.js'

/**
 * What a client sends the endpoints: path parameters, query and body, as the API client types
 * them (`z.input`). The bodies the OpenAPI document describes with these same schemas; where an
 * endpoint checks its input with a schema of its own carrying refusal texts (slots, cancel,
 * history), the one here says what a client may send and a test holds the two to the same names.
 * Ids in a query may be numbers (a database with numeric ids): they go as text.
 */

const text = z.string()
const optionalText = text.optional()

/** A path's `{id}`. */
export const IdParameter = z.object({ id: text })

export const CustomerSearchQuery = z.object({ limit: z.int().optional(), page: z.int().optional(), search: optionalText })

/** A caller's own live hold, whose capacity counts as free for them. */
const holdQuery = { holdId: optionalText, holdToken: optionalText }

/** availability and slots. */
export const SlotQuery = z.object({
  date: text,
  duration: z.int().optional(),
  exclude: RecordId.optional(),
  guestCount: z.int().optional(),
  ...holdQuery,
  resource: RecordId,
  resources: optionalText,
  service: RecordId,
})

export const ResourceAvailabilityQuery = z.object({ end: text, ...holdQuery, resource: RecordId, start: text })

export const HistoryQuery = z.object({ reservationId: RecordId })

export const AsOfQuery = z.object({ at: text, end: text, resource: RecordId, start: text })

export const WaitlistRangeQuery = z.object({ end: text, start: text })

export const FeedParameter = z.object({ file: text })

const contactFields = z.object({ email: optionalText, name: optionalText, phone: optionalText })

/** The body of POST /reserve/book; its free-form fields as `checkBookingShape` checks them. */
export const BookRequest = z
  .looseObject({
    customer: RecordId.optional(),
    endTime: dateTime()
      .optional()
      .meta({
        description:
          "For a flexible service, where the booking ends: its length must be from the service's duration to its maxFlexibleDuration, in steps of its slot interval (else 400 on `endTime`); default the shortest. Other services end after their duration; privileged staff may set any end.",
      }),
    guest: bookingShape.shape.guest,
    guestCount: z.int().min(1).default(1),
    holdId: optionalText.meta({
      description:
        "Books this hold of the caller's (`POST /reserve/holds`) under its id and with its capacity, competing with no one. The hold's schedule, customer and guest fill what the body leaves out; a schedule field that differs from the hold's is refused (400 on its path). Another caller's hold answers 403, an ended or booked one 409, an unknown one 404 (path `holdId`).",
    }),
    holdToken: optionalText.meta({ description: "A guest's hold token, with `holdId`." }),
    idempotencyKey: bookingShape.shape.idempotencyKey,
    items: z.array(z.looseObject({})).max(MAX_ITEMS).optional(),
    notes: bookingShape.shape.notes,
    partial: z
      .boolean()
      .default(false)
      .meta({ description: 'With `recurrence`: book the occurrences that can be and report the others in `skipped`, instead of refusing the series.' }),
    recurrence: z
      .object({
        byWeekday: z.array(z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])).min(1).meta({ uniqueItems: true }).optional(),
        count: z.int().min(1).max(52).optional(),
        frequency: z.enum(['daily', 'weekly']),
        interval: z.int().min(1).max(52).default(1),
        until: optionalText.meta({
          description: 'The last day (`YYYY-MM-DD`, a local day of the resource, inclusive) or instant (ISO 8601) an occurrence may start; after startTime.',
        }),
      })
      .optional()
      .meta({
        description:
          "Books a series: the body's booking repeated on the wall clock of the resource's time zone (a weekly 09:00 stays 09:00 across daylight saving time), at most 52 occurrences. Each occurrence passes every rule a booking does. Give exactly one of `count` and `until`. Without `partial` the series is booked whole or not at all: a refusal names every occurrence refused (path `recurrence.occurrences.<i>.startTime`, its date first in the message). The occurrences share a `seriesId`, an `idempotencyKey` (the series is created once) and, for a guest, one cancellation token. Not with `holdId`.",
      }),
    resource: RecordId,
    service: RecordId,
    startTime: dateTime(),
  })
  .meta({
    description:
      "Any field the site added to reservations (`collectionOverrides.reservations.fields`) is taken as the collection's create takes it, and recorded in the ledger; a series (`recurrence`) refuses them (400 naming each).",
  })

/** Booking a hold (`holdId`): the hold's schedule fills what the body leaves out. */
export const BookHoldRequest = BookRequest.partial({ resource: true, service: true, startTime: true }).required({ holdId: true })

export const SeriesPreviewRequest = z
  .looseObject({})
  .meta({ description: 'As the body of POST /reserve/book with `recurrence`; `partial` and `idempotencyKey` are ignored.' })

export const HoldRequest = z.looseObject({}).meta({ description: 'As the body of POST /reserve/book (without holdId).' })

export const HoldReleaseRequest = z.object({ holdToken: optionalText })

/** The body of POST /reserve/cancel as a client sends it; the endpoint's own schema carries the refusal texts. */
export const CancelRequest = z.object({
  reason: optionalText,
  reservationId: text,
  scope: z.enum(['one', 'following', 'series']).optional(),
  token: optionalText,
})

/** GET /reserve/guest-booking: the reservation and the guest's token from their link. */
export const GuestBookingQuery = z.object({ reservationId: text, token: optionalText })

/** The body of POST /reserve/reschedule as a client sends it; the endpoint's own schema carries the refusal texts. */
export const RescheduleRequest = z.object({
  reservationId: text,
  resource: RecordId.optional(),
  startTime: dateTime(),
  token: optionalText,
})

export const WaitlistJoinRequest = z.strictObject({
  customer: RecordId.optional().meta({ description: 'Staff only: the customer the entry is for. A signed-in customer is always their own.' }),
  from: dateTime().meta({ description: 'The earliest start wanted.' }),
  guest: contactFields.optional(),
  guestCount: z.int().min(1).default(1),
  resource: z.union([RecordId, z.literal('any')]).optional().meta({ description: 'A resource id, or `"any"` (also when left out).' }),
  service: RecordId,
  to: dateTime().meta({ description: 'The latest end wanted, after from and in the future, at most 92 days after from.' }),
})

export const WaitlistLeaveRequest = z.object({ token: optionalText })

export const WaitlistOfferRequest = z.object({ resource: RecordId.optional(), startTime: dateTime() })
