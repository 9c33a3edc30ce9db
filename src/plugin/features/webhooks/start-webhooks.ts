import type { Payload } from 'payload'

import type { ResolvedOptions } from '../../options.js'

import { every } from '../../shared/every.js'
import { WebhookDeliverer } from './deliverer.js'

/** How often this process looks for webhook deliveries due (the outbox fills as catch-up runs). */
const WEBHOOK_POLL_MS = 2_000

/** The webhook sender, and on a long-lived server its timer; `stopWebhooks` ends the timer. */
export const startWebhooks = (
  payload: Payload,
  options: Pick<ResolvedOptions, 'inProcessTimers' | 'webhooks'>,
  { ledger, owned }: { ledger: ConstructorParameters<typeof WebhookDeliverer>[1]; owned: ConstructorParameters<typeof WebhookDeliverer>[3] },
) => {
  const webhooks = new WebhookDeliverer(payload, ledger, options, owned)
  const stopWebhooks = every(options.inProcessTimers, WEBHOOK_POLL_MS, () =>
    webhooks.run().catch((error: unknown) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: webhook delivery failed' })),
  )
  return { stopWebhooks, webhooks }
}
