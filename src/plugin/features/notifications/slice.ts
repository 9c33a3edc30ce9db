import type { SliceOf } from '../../slice.js'

import { RESERVE_QUEUE } from '../../shared/reserve-queue.js'
import { sendReminders } from './notification-hooks.js'
import { notificationsCollection } from './notifications-collection.js'

/** Notifications: what was sent to whom, and the reminders' task. */
export const notificationsSlice: SliceOf = (options, services) => ({
  collections: [notificationsCollection(options)],
  tasks: [
    {
      handler: async ({ req }) => ({ output: { checked: await sendReminders(req.payload, services.of(req.payload).options) } }),
      label: 'Reservations: send reminders',
      outputSchema: [{ name: 'checked', type: 'number' }],
      retries: 2,
      schedule: [{ cron: '*/5 * * * *', queue: RESERVE_QUEUE }],
      slug: 'reserveReminders',
    },
  ],
})
