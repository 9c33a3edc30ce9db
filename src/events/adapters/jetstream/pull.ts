import type { Consumer, JsMsg } from '@nats-io/jetstream'

import type { Connection } from './connection.js'

/** How many expiries a pull may go without a message before it is given up. */
const STALLED_AFTER_EXPIRIES = 5

/**
 * One pull of up to `max` messages from a consumer, as `fetch` gives it, but one that fails
 * instead of waiting for ever. While the client reconnects it stops watching the consumer's
 * heartbeats, and it watches them again only once the consumer answers, which a consumer lost
 * with its node never does: the pull then neither delivers nor ends (seen on a follower kill).
 * A pull that brings nothing for five of its expiries ends with a timeout, which callers retry.
 */
export async function* pull(connection: Connection, consumer: Consumer, expires: number, max: number): AsyncGenerator<JsMsg> {
  const { errors } = connection.nats.transport
  const messages = await consumer.fetch({ expires, max_messages: max })
  let watchdog: NodeJS.Timeout | undefined
  const rearm = () => {
    clearTimeout(watchdog)
    watchdog = setTimeout(() => messages.stop(new errors.TimeoutError()), expires * STALLED_AFTER_EXPIRIES)
  }
  rearm()
  try {
    for await (const message of messages) {
      rearm()
      yield message
    }
  } finally {
    clearTimeout(watchdog)
  }
}
