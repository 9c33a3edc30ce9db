import type { SliceOf } from '../../slice.js'

import { RESERVE_QUEUE } from '../../shared/reserve-queue.js'
import { feedsCollection } from './feeds-collection.js'

/**
 * Time a resource is busy elsewhere: the calendar feeds and their sync every five minutes (each
 * feed still waits out `calendarFeeds.refreshMinutes`).
 */
export const externalBusySlice: SliceOf = (options, services) => ({
  collections: [feedsCollection(options)],
  tasks: [
    {
      handler: async ({ req }) => {
        await services.of(req.payload).feedSync.run()
        return { output: {} }
      },
      label: 'Reservations: sync calendar feeds',
      retries: 2,
      schedule: [{ cron: '*/5 * * * *', queue: RESERVE_QUEUE }],
      slug: 'reserveCalendarSync',
    },
  ],
})
