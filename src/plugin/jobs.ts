import type { TaskConfig } from 'payload'

import type { ReserveRuntime, Services } from './services.js'

import { sendReminders } from './features/notifications/notification-hooks.js'

/** The queue the plugin's background tasks run on: a scheduler runs it with `GET /api/payload-jobs/run?queue=reserve-ledger`. */
export const RESERVE_QUEUE = 'reserve-ledger'

/**
 * The plugin's background work as tasks of Payload's Jobs Queue, scheduled on its own queue:
 * the catch-up pass (documents, hooks and claims a crash left undone, holds due to expire, and
 * the waitlist's expiries, offers and notices) every minute, and the
 * calendar feed sync every five (each feed still waits out `calendarFeeds.refreshMinutes`).
 * They run through `jobs.autoRun` on a long-lived server, or from a scheduler calling Payload's
 * jobs endpoint on a serverless host, where no in-process timer fires between requests. They
 * run the running ledger's `services`.
 */
export const reserveTasks = (
  services: Services<Pick<ReserveRuntime, 'catchUp' | 'checkpointer' | 'feedSync' | 'holdExpiry' | 'options' | 'waitlistOffers' | 'webhooks'>>,
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
    handler: async ({ req }) => {
      await services.of(req.payload).feedSync.run()
      return { output: {} }
    },
    label: 'Reservations: sync calendar feeds',
    retries: 2,
    schedule: [{ cron: '*/5 * * * *', queue: RESERVE_QUEUE }],
    slug: 'reserveCalendarSync',
  },
  {
    handler: async ({ req }) => ({ output: { sent: await services.of(req.payload).webhooks.run() } }),
    label: 'Reservations: send webhook deliveries',
    outputSchema: [{ name: 'sent', type: 'number' }],
    retries: 2,
    schedule: [{ cron: '* * * * *', queue: RESERVE_QUEUE }],
    slug: 'reserveWebhooks',
  },
  {
    handler: async ({ req }) => ({ output: { checked: await sendReminders(req.payload, services.of(req.payload).options) } }),
    label: 'Reservations: send reminders',
    outputSchema: [{ name: 'checked', type: 'number' }],
    retries: 2,
    schedule: [{ cron: '*/5 * * * *', queue: RESERVE_QUEUE }],
    slug: 'reserveReminders',
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
