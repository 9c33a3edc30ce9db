import type { Payload } from 'payload'

import type { ResolvedOptions } from '../../options.js'

import { every } from '../../shared/every.js'
import { sendReminders } from './notification-hooks.js'

/** Reminders looked for every minute on a long-lived server, where e-mail reminders are on; returns what stops it. */
export const startReminders = (payload: Payload, options: Pick<ResolvedOptions, 'inProcessTimers' | 'notifications' | 'slugs' | 'statusMachine'>): (() => void) =>
  every(options.inProcessTimers && Boolean(options.notifications.email?.reminderHours), 60_000, () =>
    sendReminders(payload, options).catch((error: unknown) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: reminders failed' })),
  )
