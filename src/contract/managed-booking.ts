import { z } from 'zod'

import { dateTime, RecordId } from './common.js'
import { ReservationDocument } from './reservations.js'

/**
 * GET /api/reserve/guest-booking (200): a reservation as its "manage my booking" page shows it,
 * with the names a guest cannot read elsewhere and what they may still do with it.
 */
export const ManagedBooking = z
  .object({
    cancelled: z.boolean().meta({ description: "Whether it is in the cancelled status (the status machine's `cancelStatus`)." }),
    reservation: ReservationDocument,
    resource: z.object({
      id: RecordId,
      name: z.string(),
      timezone: z.string().meta({ description: "The zone of the resource's clock (its own, else the plugin's `timezone`)." }),
    }),
    rules: z
      .object({
        cancel: z.boolean().meta({ description: 'Whether POST /reserve/cancel would be allowed to the caller now (status and notice period).' }),
        changeUntil: dateTime()
          .nullable()
          .meta({ description: 'The last instant the caller may cancel or move it (its start less the notice period); null for privileged staff, who are exempt.' }),
        earliestStart: dateTime()
          .nullable()
          .meta({ description: "The earliest start a move may choose now (the service's booking window); null for privileged staff." }),
        latestStart: dateTime()
          .nullable()
          .meta({ description: "The latest start a move may choose now (the service's booking window); null when it takes bookings without limit." }),
        noticePeriodHours: z.number().meta({ description: 'Hours before its start within which only privileged staff cancel or move it.' }),
        reschedule: z.boolean().meta({ description: 'Whether POST /reserve/reschedule would be allowed to the caller now (status and notice period), a free time provided.' }),
      })
      .meta({ description: 'What the caller may still do with the reservation, and until when.' }),
    service: z.object({
      duration: z.number().nullable().meta({ description: 'Minutes.' }),
      id: RecordId,
      name: z.string(),
    }),
  })
  .meta({ description: 'A reservation as a guest (or its customer) manages it, without cancellationToken.' })
export type ManagedBooking = z.output<typeof ManagedBooking>
