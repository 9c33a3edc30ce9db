import { z } from 'zod'

import { BusyInterval, date, dateTime, TimeRange } from './common.js'
import { HoldDetails } from './holds.js'

/**
 * Busy time of a resource-availability answer: booked, or `hold` while a customer checks out
 * (`POST /api/reserve/holds`); a hold carries its details for privileged staff and its holder.
 */
export const ResourceBusy = BusyInterval.extend({ ...HoldDetails.partial().shape, hold: z.literal(true).optional() }).meta({
  description:
    'Blocked time; `hold` marks capacity held while a customer checks out (`POST /reserve/holds`), not booked. A hold carries `holdId` and `expiresAt` for privileged staff and for its holder, and `mine` for its holder (who may book it).',
})
export type ResourceBusy = z.output<typeof ResourceBusy>

/** Time the resource is busy elsewhere (a calendar feed, the site's resolver); the label only for privileged staff. */
export const ExternalBusy = TimeRange.extend({ label: z.string().optional() })
export type ExternalBusy = z.output<typeof ExternalBusy>

export const TimeOff = TimeRange.extend({ reason: z.string().optional(), type: z.string().optional() })
export type TimeOff = z.output<typeof TimeOff>

export const AvailabilityDay = z.object({ date: date(), shiftWindows: z.array(TimeRange), timeOff: z.array(TimeOff) })
export type AvailabilityDay = z.output<typeof AvailabilityDay>

/** GET /api/reserve/resource-availability */
export const ResourceAvailability = z.object({
  busy: z.array(ResourceBusy),
  capacityMode: z.enum(['per-reservation', 'per-guest']),
  days: z.array(AvailabilityDay),
  /** Busy elsewhere: the whole resource is taken there. */
  external: z.array(ExternalBusy).meta({
    description: "Time the resource is busy elsewhere (its calendar feeds, the site's getExternalBusy): the whole resource is taken. `label` only for privileged staff.",
  }),
  quantity: z.int(),
  requiredPools: z.array(z.object({ busy: z.array(BusyInterval), quantity: z.int() })),
})
export type ResourceAvailability = z.output<typeof ResourceAvailability>

/** GET /api/reserve/availability */
export const AvailabilityResponse = z.object({ slots: z.array(TimeRange) })
export type AvailabilityResponse = z.output<typeof AvailabilityResponse>

/** GET /api/reserve/slots: the date and the clamped guestCount echoed. */
export const SlotsResponse = z.object({ date: date(), guestCount: z.int().min(1), slots: z.array(TimeRange) })
export type SlotsResponse = z.output<typeof SlotsResponse>
