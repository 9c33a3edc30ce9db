import { z } from 'zod'

import { BusyInterval, dateTime, Guest, RecordId } from './common.js'

const ReservationItem = z.object({
  endTime: z.string().nullish(),
  guestCount: z.number().nullish(),
  resource: RecordId,
  service: RecordId.nullish(),
  startTime: z.string().nullish(),
})

/**
 * POST /api/reserve/book (201) and POST /api/reserve/cancel (200): the reservations document at
 * depth 0 (relationships are ids), as the collection's REST API returns it, without
 * cancellationToken. Fields the host added to the collection come along; they are no part of
 * the contract (so the type leaves them out and the document admits them).
 */
export const ReservationDocument = z
  .object({
    customer: RecordId.nullish(),
    endTime: dateTime(),
    guest: Guest.nullish(),
    guestCount: z.int().min(1).nullish(),
    id: z.string(),
    items: z.array(ReservationItem).nullish(),
    notes: z.string().nullish(),
    resource: RecordId,
    /** The recurring booking it is an occurrence of; absent or null for a single booking. */
    seriesId: z
      .string()
      .nullish()
      .meta({ description: 'The recurring booking it is an occurrence of (`recurrence` on POST /reserve/book); null for a single booking.' }),
    service: RecordId,
    startTime: dateTime(),
    status: z.string(),
  })
  .meta({
    additionalProperties: true,
    description:
      "A reservations document at depth 0. Never carries cancellationToken. Written through Payload's collection routes (`/api/reservations`): a signed-in customer moves their own with `PATCH /api/reservations/{id}` and a new `startTime` (and `endTime` for a flexible service, or `resource`), under the booking's rules and the notice period (400 on the field, 409 when taken); any other field that differs answers 403 on it, as does another customer's reservation.",
  })
export type ReservationDocument = z.output<typeof ReservationDocument>

const seriesIndex = () => z.int().min(0).meta({ description: 'Place in the series, 0 for the first.' })

/** An occurrence of a recurring booking left out (`partial: true`): where and why. */
export const SkippedOccurrence = z.object({
  index: seriesIndex(),
  message: z.string().meta({ description: 'The local date of the occurrence, then why it was left out.' }),
  /** `recurrence.occurrences.<index>.<field>` */
  path: z.string().meta({ description: '`recurrence.occurrences.<index>.<field>`' }),
  startTime: dateTime(),
})
export type SkippedOccurrence = z.output<typeof SkippedOccurrence>

/** POST /api/reserve/book with `recurrence` (201): the occurrences booked, in time order, and those left out. */
export const SeriesBooked = z
  .object({ reservations: z.array(ReservationDocument), seriesId: z.string(), skipped: z.array(SkippedOccurrence) })
  .meta({ description: 'A recurring booking: the occurrences booked, in time order, and (with `partial`) those left out.' })
export type SeriesBooked = z.output<typeof SeriesBooked>

/** One occurrence of a series as POST /api/reserve/series-preview finds it: free, or not and why. */
export const OccurrencePreview = z.union([
  z.object({
    endTime: dateTime().meta({ description: 'Where a free occurrence would end.' }),
    free: z.literal(true).meta({ description: 'Booking the series now would book this occurrence.' }),
    index: seriesIndex(),
    startTime: dateTime(),
  }),
  z.object({
    free: z.literal(false),
    index: seriesIndex(),
    /** Why it would not be booked, its local date first, as a series booking would say it. */
    message: z.string().meta({ description: 'Not free: the local date of the occurrence, then why, as the booking would refuse it.' }),
    /** `recurrence.occurrences.<index>.<field>`, as a series booking names it. */
    path: z.string().meta({ description: 'Not free: `recurrence.occurrences.<index>.<field>`, as the booking would name it.' }),
    startTime: dateTime(),
    /** Refused because its time is taken (a conflict), not by the schedule, the window or the past. */
    taken: z.boolean().meta({ description: 'Not free because its time is taken (a conflict), rather than the schedule, the booking window or the past.' }),
  }),
])
export type OccurrencePreview = z.output<typeof OccurrencePreview>

/** POST /api/reserve/series-preview (200): every occurrence of the series, in series order. */
export const SeriesPreview = z
  .object({ occurrences: z.array(OccurrencePreview) })
  .meta({ description: 'Every occurrence of a series in series order, as booking it now would find it.' })
export type SeriesPreview = z.output<typeof SeriesPreview>

/** POST /api/reserve/cancel with `scope` following or series (200): the occurrences cancelled, in time order. */
export const SeriesCancelled = z
  .object({ reservations: z.array(ReservationDocument) })
  .meta({ description: 'The occurrences a cancel with `scope` following or series cancelled, the one named first.' })
export type SeriesCancelled = z.output<typeof SeriesCancelled>

/**
 * A reservation as the ledger told it at a past instant: its times, status, booker and relations
 * (as ids) then. A field the requester's field-level read access hides is absent.
 */
export const AsOfReservation = z.object({
  customer: RecordId.nullish(),
  endTime: dateTime(),
  /** The site's own fields then, as the collection's read gives them to the requester (`SiteFields`). */
  fields: z.record(z.string(), z.unknown()).meta({
    description: 'The fields the site added to reservations, by name, as the database stored them then (a localized one by locale).',
  }),
  guest: Guest.nullish(),
  guestCount: z.int().min(1).optional(),
  id: z.string(),
  items: z.array(ReservationItem).optional(),
  resource: RecordId,
  service: RecordId,
  startTime: dateTime(),
  status: z.string(),
})
export type AsOfReservation = z.output<typeof AsOfReservation>

/** GET /api/reserve/as-of: a resource's calendar at `at`, the busy intervals and the reservations holding them. */
export const AsOfResponse = z.object({
  at: dateTime(),
  busy: z.array(BusyInterval.extend({ reservationId: z.string() })),
  reservations: z.array(AsOfReservation),
})
export type AsOfResponse = z.output<typeof AsOfResponse>
