import { createHmac } from 'node:crypto'

/**
 * `X-Reserve-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the receiver
 * recomputes it with the webhook's secret, and rejects a stale `t` against replays.
 */
export const signature = (secret: string, body: string, unixSeconds: number): string =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`
