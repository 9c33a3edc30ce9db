import type { Payload } from 'payload'

import type { Ledger } from '../../../commands/ledger.js'
import type { RecordedEvent, ReservationEvent } from '../../../events/types.js'
import type { CatchUpHandler } from '../../../projections/catch-up-handlers.js'
import type { ResolvedOptions } from '../../options.js'

import { foldReservation } from '../../../commands/reservation-state.js'
import { reservationDocument } from '../../../projections/reservation-document.js'
import { withoutDigestDeep } from '../../shared/access/token-digest.js'
import { webhookEventsOf, type WebhookEvent } from './webhook-events.js'
import { DELIVERIES_COLLECTION, WEBHOOKS_COLLECTION } from './webhooks-collections.js'

interface Webhook {
  events?: null | WebhookEvent[]
  id: number | string
}

/** The reservation as that event left it, without the guest token's digest. */
const documentAt = (history: RecordedEvent<ReservationEvent>[], revision: number) => {
  const state = foldReservation(history.filter((event) => event.revision <= revision))
  if (state.kind !== 'active' && state.kind !== 'deleted') {
    return null
  }
  const { cancellationToken: _digest, ...document } = reservationDocument(state.reservation, revision)
  return document
}

/**
 * The webhook outbox, filled by catch-up: every committed reservation event an active webhook
 * subscribes to becomes one delivery row, keyed by webhook and event id, so that catch-up
 * passes of several processes, and their look-back re-reads, make it once. Driven from the
 * ledger's position like catch-up, a crash loses nothing: the pass that did not finish reads
 * those events again.
 */
export const enqueueWebhooks = (payload: Payload, ledger: Pick<Ledger, 'history'>, options: Pick<ResolvedOptions, 'cancelledStatus' | 'confirmedStatus'>): CatchUpHandler => ({
  async handle({ events }) {
    if (events.length === 0) {
      return {}
    }
    const { docs: webhooks } = await payload.db.find<Webhook>({ collection: WEBHOOKS_COLLECTION, limit: 0, pagination: false, where: { active: { equals: true } } })
    if (webhooks.length === 0) {
      return {}
    }
    const histories = new Map<string, RecordedEvent<ReservationEvent>[]>()
    const made = await existingKeys(payload, webhooks, events)
    for (const event of events) {
      const names = webhookEventsOf(event, options)
      for (const webhook of webhooks) {
        const wanted = webhook.events?.length ? names.filter((name) => webhook.events!.includes(name)) : names
        if (wanted.length === 0) {
          continue
        }
        if (made.has(keyOf(webhook, event))) {
          continue
        }
        const reservationId = event.data.reservationId
        const history = histories.get(reservationId) ?? (await ledger.history(reservationId))
        histories.set(reservationId, history)
        await enqueue(payload, webhook, event, wanted, documentAt(history, event.revision))
      }
    }
    return {}
  },
})

const keyOf = (webhook: Webhook, event: RecordedEvent): string => `${String(webhook.id)}:${event.eventId}`

/** The deliveries of this run's events that exist already (catch-up's look-back reads events again). */
const existingKeys = async (payload: Payload, webhooks: Webhook[], events: RecordedEvent[]): Promise<Set<string>> => {
  const keys = webhooks.flatMap((webhook) => events.map((event) => keyOf(webhook, event)))
  const { docs } = await payload.db.find<{ key: string }>({ collection: DELIVERIES_COLLECTION, limit: 0, pagination: false, where: { key: { in: keys } } })
  return new Set(docs.map(({ key }) => key))
}

const enqueue = async (payload: Payload, webhook: Webhook, event: RecordedEvent<ReservationEvent>, names: WebhookEvent[], reservation: unknown) => {
  const key = keyOf(webhook, event)
  const collection = DELIVERIES_COLLECTION
  const body = {
    event: { actor: event.metadata.actor, at: event.metadata.at, data: withoutDigestDeep(event.data), revision: event.revision, type: event.type },
    id: key,
    reservation,
    reservationId: event.data.reservationId,
    types: names,
  }
  await payload.db
    .create({
      collection,
      data: { attempts: 0, body, event: names.join(','), key, nextAttemptAt: new Date().toISOString(), reservationId: event.data.reservationId, revision: event.revision, status: 'pending', webhook: webhook.id },
    })
    // Another process's pass made it a moment ago: the unique key holds.
    .catch(async (error: unknown) => {
      if (!(await payload.db.findOne({ collection, where: { key: { equals: key } } }))) {
        throw error
      }
    })
}
