import { z } from 'zod'

import { dateTime, RecordId } from './common.js'

/** POST /api/reserve/waitlist: the entry recorded, waiting for capacity that fits it. */
export const WaitlistEntryResponse = z.object({
  entryId: z.string(),
  from: dateTime(),
  guestCount: z.int().min(1),
  /** Null: any resource that offers the service. */
  resource: RecordId.nullable(),
  service: RecordId,
  status: z.literal('waiting'),
  to: dateTime(),
  /** Guests only: present it as `token` to leave the waitlist. Sent once, never stored. */
  token: z.string().optional().meta({ description: 'Guests only, sent once: present it as `token` to leave the waitlist.' }),
})
export type WaitlistEntryResponse = z.output<typeof WaitlistEntryResponse>

/** DELETE /api/reserve/waitlist/{id}: the entry has ended (now, or before: left or expired). */
export const WaitlistLeaveResponse = z.object({ entryId: z.string(), status: z.enum(['left', 'expired']) })
export type WaitlistLeaveResponse = z.output<typeof WaitlistLeaveResponse>

/** The answer of POST /api/reserve/waitlist/{id}/offer: the hold placed for the entry. */
export const WaitlistOfferResponse = z.object({
  entryId: z.string(),
  expiresAt: dateTime(),
  holdId: z.string(),
  resource: RecordId,
  startTime: dateTime(),
  status: z.literal('offered'),
})
export type WaitlistOfferResponse = z.output<typeof WaitlistOfferResponse>

/** One entry of GET /api/reserve/waitlist, for staff. */
export const WaitlistEntryRecord = z.object({
  customer: z.string().nullable(),
  entryId: z.string(),
  from: dateTime(),
  guestCount: z.int().min(1),
  guestName: z.string().nullable(),
  holdId: z.string().nullable().meta({ description: 'The hold an offer placed.' }),
  joinedAt: dateTime(),
  offerExpiresAt: z.string().nullable().meta({
    description: 'While the offered hold is live: when it expires unless booked. Null before an offer and once the hold was booked, released or expired.',
  }),
  offeredStart: z.string().nullable().meta({ description: 'The start of the offered hold.' }),
  resource: z.string().nullable().meta({ description: 'Null: any resource that offers the service.' }),
  service: z.string(),
  status: z.enum(['waiting', 'offered', 'left', 'expired']),
  to: dateTime(),
})
export type WaitlistEntryRecord = z.output<typeof WaitlistEntryRecord>

/** GET /api/reserve/waitlist: the entries whose range overlaps `[start, end)`, oldest first. */
export const WaitlistListResponse = z.object({ entries: z.array(WaitlistEntryRecord) })
export type WaitlistListResponse = z.output<typeof WaitlistListResponse>
