import type { Payload } from 'payload'

import type { Ledger } from '../../../commands/ledger.js'
import type { Ownership } from '../../../projections/request-ownership.js'
import type { ResolvedOptions } from '../../options.js'

import { voidedRevisions } from '../../../commands/reservation-state.js'
import { checkFeedTarget, feedUrl } from '../../shared/outbound-url.js'
import { signature } from './signature.js'
import { DELIVERIES_COLLECTION, WEBHOOKS_COLLECTION } from './webhooks-collections.js'

const TIMEOUT_MS = 10_000
const BATCH = 50

interface Delivery {
  attempts?: null | number
  body: unknown
  id: number | string
  key: string
  nextAttemptAt?: null | string
  reservationId: string
  revision: number
}

interface Webhook {
  id: number | string
  secret?: string
  url?: string
}

/** Seconds to wait before attempt `attempts + 1`: 5 s doubling, at most an hour. */
const backoffMs = (attempts: number): number => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000)

/**
 * Sends what the outbox holds, each receiver on its own: per webhook, due deliveries oldest
 * first, one reservation's in order (a later one waits while an earlier is pending, and follows
 * it in the same pass once it is sent), each signed. A failure backs off exponentially; after `maxAttempts` the delivery is dead-lettered
 * and the reservation's later ones go on. A receiver that fails or hangs holds back only its
 * own deliveries: the webhooks are read and sent to side by side. A delivery of an event a
 * failed write voided is dropped, as host hooks are.
 */
export class WebhookDeliverer {
  private running: null | Promise<number> = null

  constructor(
    private readonly payload: Payload,
    private readonly ledger: Pick<Ledger, 'history'>,
    private readonly options: Pick<ResolvedOptions, 'webhooks'>,
    /** A reservation a request in this process is still writing waits: its write may yet be voided. */
    private readonly owned: Ownership,
  ) {}

  /** One pass; concurrent callers share it. Resolves with how many were sent successfully. */
  run(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null
    })
    return this.running
  }

  async settle(): Promise<void> {
    await this.running?.catch(() => undefined)
  }

  private async pass(): Promise<number> {
    const { docs } = await this.payload.db.find<Webhook>({ collection: WEBHOOKS_COLLECTION, limit: 0, pagination: false })
    const sent = await Promise.all(docs.map((webhook) => this.passOf(webhook)))
    return sent.reduce((sum, count) => sum + count, 0)
  }

  /** One webhook's due deliveries: each reservation's in revision order, until one is not due or fails. */
  private async passOf(webhook: Webhook): Promise<number> {
    const { docs } = await this.payload.db.find<Delivery>({
      collection: DELIVERIES_COLLECTION,
      limit: BATCH * 4,
      pagination: false,
      sort: 'createdAt',
      where: { and: [{ status: { equals: 'pending' } }, { webhook: { equals: webhook.id } }] },
    })
    const chains = new Map<string, Delivery[]>()
    for (const delivery of docs) {
      chains.set(delivery.reservationId, [...(chains.get(delivery.reservationId) ?? []), delivery])
    }
    const now = Date.now()
    let sent = 0
    let tried = 0
    for (const [reservationId, chain] of chains) {
      if (this.owned.isOwned(reservationId)) {
        continue
      }
      for (const delivery of chain.sort((a, b) => a.revision - b.revision)) {
        if (tried >= BATCH || Date.parse(String(delivery.nextAttemptAt ?? 0)) > now) {
          break
        }
        tried++
        const outcome = await this.deliver(delivery, webhook)
        if (outcome === 'failed') {
          break
        }
        sent += outcome === 'sent' ? 1 : 0
      }
    }
    return sent
  }

  private async deliver(delivery: Delivery, webhook: Webhook): Promise<'failed' | 'sent' | 'voided'> {
    const collection = DELIVERIES_COLLECTION
    const history = await this.ledger.history(delivery.reservationId)
    if (voidedRevisions(history).has(delivery.revision)) {
      await this.payload.db.updateOne({ collection, data: { status: 'voided' }, id: delivery.id, returning: false })
      return 'voided'
    }
    try {
      await this.post(webhook, delivery)
      await this.payload.db.updateOne({ collection, data: { attempts: (delivery.attempts ?? 0) + 1, deliveredAt: new Date().toISOString(), lastError: null, status: 'delivered' }, id: delivery.id, returning: false })
      return 'sent'
    } catch (error) {
      const attempts = (delivery.attempts ?? 0) + 1
      const dead = attempts >= this.options.webhooks.maxAttempts
      await this.payload.db.updateOne({
        collection,
        data: { attempts, lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500), nextAttemptAt: new Date(Date.now() + backoffMs(attempts)).toISOString(), status: dead ? 'dead' : 'pending' },
        id: delivery.id,
        returning: false,
      })
      return 'failed'
    }
  }

  private async post(webhook: Webhook, delivery: Delivery): Promise<void> {
    const url = webhook.url ? feedUrl(webhook.url) : null
    if (!url) {
      throw new Error('the webhook has no http(s) address')
    }
    await checkFeedTarget(url, this.options.webhooks.allowPrivateNetworks)
    const body = JSON.stringify(delivery.body)
    const response = await fetch(url, {
      body,
      headers: {
        'Content-Type': 'application/json',
        'X-Reserve-Delivery': delivery.key,
        'X-Reserve-Signature': signature(webhook.secret ?? '', body, Math.floor(Date.now() / 1000)),
      },
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    await response.body?.cancel()
    if (response.status < 200 || response.status >= 300) {
      throw new Error(`the receiver answered ${response.status}`)
    }
  }
}
