import type { Payload } from 'payload'

import type { ResolvedOptions } from '../../options.js'

import { sendNotification } from './send-notification.js'

const HOUR_MS = 3_600_000

/** The guest's cancellation link: the site's `cancelUrl` with the reservation and the token filled in. */
const cancelLink = (options: Pick<ResolvedOptions, 'notifications'>, reservationId: string, token: unknown): string | undefined => {
  const template = options.notifications.email?.cancelUrl
  return template && typeof token === 'string'
    ? template.replace('{{reservationId}}', encodeURIComponent(reservationId)).replace('{{token}}', encodeURIComponent(token))
    : undefined
}

/**
 * The e-mails as host hooks the plugin adds after the site's own: delivered from the ledger
 * after commit, like every hook, and sent once each (`sendNotification`). The booking mail is
 * the one place the guest's plaintext token leaves the server.
 */
export const notificationHooks = (options: Pick<ResolvedOptions, 'cancelledStatus' | 'notifications' | 'slugs'>): Partial<ResolvedOptions['hooks']> =>
  options.notifications.email === null
    ? {}
    : {
        afterBookingCancel: [({ doc, req }) => sendNotification(req.payload, options, { doc, key: `cancelled:${doc.id}`, kind: 'cancelled' })],
        afterBookingCreate: [
          ({ doc, req }) =>
            sendNotification(req.payload, options, { doc, key: `booked:${doc.id}`, kind: 'booked', link: cancelLink(options, String(doc.id), doc.cancellationToken) }),
        ],
        afterStatusChange: [
          // A cancellation has its own mail.
          ({ doc, newStatus, req }) =>
            newStatus === options.cancelledStatus ? undefined : sendNotification(req.payload, options, { doc, key: `status:${doc.id}:${newStatus}`, kind: 'status' }),
        ],
      }

/** One reminder pass: every booking that still holds capacity and starts within `reminderHours` gets its reminder, once per start time. */
export const sendReminders = async (payload: Payload, options: Pick<ResolvedOptions, 'notifications' | 'slugs' | 'statusMachine'>): Promise<number> => {
  const hours = options.notifications.email?.reminderHours
  if (!hours) {
    return 0
  }
  const now = Date.now()
  const { docs } = await payload.db.find({
    collection: options.slugs.reservations,
    limit: 500,
    pagination: false,
    where: {
      and: [
        { startTime: { greater_than: new Date(now).toISOString() } },
        { startTime: { less_than_equal: new Date(now + hours * HOUR_MS).toISOString() } },
        { status: { in: options.statusMachine.blockingStatuses } },
      ],
    },
  })
  for (const doc of docs as Record<string, unknown>[]) {
    await sendNotification(payload, options, { doc, key: `reminder:${String(doc.id)}:${String(doc.startTime)}`, kind: 'reminder' })
  }
  return docs.length
}
