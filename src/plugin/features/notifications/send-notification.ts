import type { Payload } from 'payload'

import type { ReserveLedgerKey } from '../../../translations/index.js'
import type { ResolvedOptions } from '../../options.js'

import { translations } from '../../../translations/index.js'
import { relationId } from '../../shared/relation-id.js'
import { NOTIFICATIONS_COLLECTION } from './notifications-collection.js'

export type NotificationKind = 'booked' | 'cancelled' | 'reminder' | 'status'

type Doc = Record<string, unknown>

const TEXTS: Record<NotificationKind, [ReserveLedgerKey, ReserveLedgerKey]> = {
  booked: ['emailBookedSubject', 'emailBookedBody'],
  cancelled: ['emailCancelledSubject', 'emailCancelledBody'],
  reminder: ['emailReminderSubject', 'emailReminderBody'],
  status: ['emailStatusSubject', 'emailStatusBody'],
}

const fill = (text: string, values: Record<string, string>): string => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '')

/** Who a reservation's mail goes to: its customer's address, else its guest's. */
const recipientOf = async (payload: Payload, options: Pick<ResolvedOptions, 'slugs'>, doc: Doc): Promise<null | string> => {
  const customer = relationId(doc.customer)
  if (customer !== null) {
    const found = (await payload.db.findOne({ collection: options.slugs.customers, where: { id: { equals: customer } } })) as Doc | null
    return typeof found?.email === 'string' ? found.email : null
  }
  const email = (doc.guest as { email?: unknown } | null | undefined)?.email
  return typeof email === 'string' && email !== '' ? email : null
}

const serviceName = async (payload: Payload, options: Pick<ResolvedOptions, 'slugs'>, doc: Doc): Promise<string> => {
  const service = (await payload.db.findOne({ collection: options.slugs.services, where: { id: { equals: relationId(doc.service) } } })) as Doc | null
  return typeof service?.name === 'string' ? service.name : ''
}

/**
 * Sends one e-mail about a reservation through Payload's e-mail adapter, in the configured
 * language, at most once per `key`: the row is claimed first (a unique index), then the mail is
 * sent and the row marked. A failure is logged and kept on the row, not retried.
 */
export const sendNotification = async (
  payload: Payload,
  options: Pick<ResolvedOptions, 'notifications' | 'slugs'>,
  { doc, key, kind, link }: { doc: Doc; key: string; kind: NotificationKind; link?: string },
): Promise<void> => {
  const email = options.notifications.email
  const to = email ? await recipientOf(payload, options, doc) : null
  if (!email || !to) {
    return
  }
  const collection = NOTIFICATIONS_COLLECTION
  const claimed = await payload.db.create({ collection, data: { key, kind, reservationId: String(doc.id), status: 'sending', to } }).catch(() => null)
  if (!claimed) {
    return
  }
  const strings = (translations[email.language as keyof typeof translations] ?? translations.en).reserveLedger
  const start = new Intl.DateTimeFormat(email.language, { dateStyle: 'full', timeStyle: 'short', timeZone: email.timeZone }).format(new Date(String(doc.startTime)))
  const values = { link: link ?? '', service: await serviceName(payload, options, doc), start, status: String(doc.status) }
  const [subjectKey, bodyKey] = TEXTS[kind]
  const own = email.templates?.[kind]
  const text = [fill(own?.text ?? strings[bodyKey], values), link && !own?.text?.includes('{{link}}') ? fill(strings.emailCancelLink, values) : '']
    .filter(Boolean)
    .join('\n\n')
  try {
    await payload.sendEmail({ from: email.from, subject: fill(own?.subject ?? strings[subjectKey], values), text, to })
    await payload.db.updateOne({ collection, data: { status: 'sent' }, id: claimed.id as number | string, returning: false })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    payload.logger.error({ err: error, msg: `payload-reserve-ledger: the ${kind} e-mail of reservation ${String(doc.id)} failed` })
    await payload.db.updateOne({ collection, data: { error: message.slice(0, 500), status: 'failed' }, id: claimed.id as number | string, returning: false })
  }
}
