import { z } from 'zod'

import { dateTime, RecordId } from './common.js'

/** A live hold as the calendar acts on it: released by its holder or privileged staff, booked by its holder (`mine`). */
export const HoldDetails = z.object({
  expiresAt: dateTime().meta({ description: 'When the hold ends by itself.' }),
  holdId: z.string(),
  /** The caller placed it, so may book it (`POST /api/reserve/book` with `holdId`). */
  mine: z.literal(true).optional().meta({ description: 'The caller placed the hold: they may book it with `holdId`.' }),
})
export type HoldDetails = z.output<typeof HoldDetails>

/** One item of a hold's schedule, as the booking it becomes would have it. */
export const HoldItem = z.object({
  endTime: z.string().nullish(),
  guestCount: z.number().nullish(),
  resource: RecordId,
  service: RecordId.nullish(),
  startTime: z.string().nullish(),
})
export type HoldItem = z.output<typeof HoldItem>

/** POST /api/reserve/holds: the hold, its schedule, and for a guest the token that proves it theirs. */
export const HoldResponse = z.object({
  endTime: dateTime(),
  expiresAt: dateTime().meta({ description: 'When the hold ends by itself and its capacity is free again.' }),
  guestCount: z.int().min(1),
  holdId: z.string(),
  /** Guests only: present it as `holdToken` to book or release the hold. Sent once, never stored. */
  holdToken: z.string().optional().meta({ description: 'Guests only, sent once: present it as `holdToken` to book or release the hold.' }),
  items: z.array(HoldItem),
  resource: RecordId,
  service: RecordId,
  startTime: dateTime(),
})
export type HoldResponse = z.output<typeof HoldResponse>

/** DELETE /api/reserve/holds/{id}: the hold has ended (now, or before: released or expired). */
export const HoldReleaseResponse = z.object({ holdId: z.string(), status: z.enum(['released', 'expired']) })
export type HoldReleaseResponse = z.output<typeof HoldReleaseResponse>
