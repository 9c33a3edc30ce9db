import net from 'node:net'

/** The machine's NATS server with JetStream, which the JetStream store's contract suite runs against. */
export const NATS_URL = process.env.RESERVE_TEST_NATS_URL ?? 'nats://127.0.0.1:4222'

const reachable = (url: string): Promise<boolean> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url)
    const socket = net.connect({ host: hostname, port: Number(port || 4222) })
    socket.setTimeout(2_000)
    socket.once('connect', () => resolve(Boolean(socket.end())))
    socket.once('timeout', () => resolve(!socket.destroy()))
    socket.once('error', () => resolve(false))
  })

/**
 * Whether a suite that needs `what` can run: when it cannot, says so in one line, and under
 * `CI=true` fails instead, as scripts/test.mjs does for PostgreSQL.
 */
export const requireOrSkip = (available: boolean, what: string): boolean => {
  if (!available) {
    const message = `${what}: skipping the JetStream suite.`
    if (process.env.CI === 'true') {
      throw new Error(`${message} CI requires it, failing.`)
    }
    console.warn(message)
  }
  return available
}

/** Whether the machine's NATS server answers; see `requireOrSkip`. */
export const natsAvailable = async (): Promise<boolean> =>
  requireOrSkip(await reachable(NATS_URL), `NATS is unreachable at ${NATS_URL}`)
