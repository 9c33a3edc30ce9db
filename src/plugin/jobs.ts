import type { TaskConfig } from 'payload'

import type { ReserveRuntime, Services } from './services.js'

import { RESERVE_QUEUE } from './shared/reserve-queue.js'

/**
 * The ledger's own background work as tasks of Payload's Jobs Queue, on the plugin's queue (the
 * features add theirs in their slices): the catch-up pass (documents, hooks and claims a crash
 * left undone, holds due to expire, and the waitlist's expiries, offers and notices) every
 * minute, and the hash chains' checkpoints every five. They run through `jobs.autoRun` on a
 * long-lived server, or from a scheduler calling Payload's jobs endpoint on a serverless host,
 * where no in-process timer fires between requests.
 */
export const reserveTasks = (
  services: Services<Pick<ReserveRuntime, 'catchUp' | 'checkpointer' | 'holdExpiry' | 'waitlistOffers'>>,
): TaskConfig[] => [
  {
    handler: async ({ req }) => {
      const runtime = services.of(req.payload)
      const { projected, reconciled } = await runtime.catchUp.run()
      // Holds due are expired here too: the only expiry where no timer runs (a serverless host).
      const holdsExpired = await runtime.holdExpiry.sweep()
      // And the waitlist's offers: capacity freed where no in-process trigger ran is offered here.
      const waitlist = await runtime.waitlistOffers.sweep()
      return { output: { holdsExpired, projected, reconciled, waitlistExpired: waitlist.expired, waitlistOffered: waitlist.offered } }
    },
    label: 'Reservations: catch up with the ledger',
    outputSchema: [
      { name: 'holdsExpired', type: 'number' },
      { name: 'projected', type: 'number' },
      { name: 'reconciled', type: 'number' },
      { name: 'waitlistExpired', type: 'number' },
      { name: 'waitlistOffered', type: 'number' },
    ],
    retries: 2,
    schedule: [{ cron: '* * * * *', queue: RESERVE_QUEUE }],
    slug: 'reserveCatchUp',
  },
  {
    handler: async ({ req }) => ({ output: { heads: (await services.of(req.payload).checkpointer?.run()) ?? 0 } }),
    label: 'Reservations: checkpoint the hash chains',
    outputSchema: [{ name: 'heads', type: 'number' }],
    retries: 2,
    schedule: [{ cron: '*/5 * * * *', queue: RESERVE_QUEUE }],
    slug: 'reserveCheckpoint',
  },
]
