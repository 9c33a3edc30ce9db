import type { SliceOf } from '../../slice.js'

import { RESERVE_QUEUE } from '../../shared/reserve-queue.js'
import { deliveriesCollection, webhooksCollection } from './webhooks-collections.js'

/** Webhooks: the receivers, their deliveries (an outbox), and the task that sends what is due. */
export const webhooksSlice: SliceOf = (options, services) => ({
  collections: [webhooksCollection(options), deliveriesCollection(options)],
  tasks: [
    {
      handler: async ({ req }) => ({ output: { sent: await services.of(req.payload).webhooks.run() } }),
      label: 'Reservations: send webhook deliveries',
      outputSchema: [{ name: 'sent', type: 'number' }],
      retries: 2,
      schedule: [{ cron: '* * * * *', queue: RESERVE_QUEUE }],
      slug: 'reserveWebhooks',
    },
  ],
})
