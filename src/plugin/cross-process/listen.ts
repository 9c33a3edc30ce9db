/** Wait before reconnecting a dropped listener connection. */
const RECONNECT_MS = 1_000

/** The node-postgres calls used here, on the pool @payloadcms/db-postgres exposes as `db.pool`. */
export interface PgClient {
  on(event: 'end', listener: () => void): void
  on(event: 'error', listener: (error: Error) => void): void
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): void
  query(text: string): Promise<{ rows?: unknown[] }>
  release(destroy?: boolean): void
}
export interface PgPool {
  connect(): Promise<PgClient>
}

export const isPgPool = (pool: unknown): pool is PgPool => typeof (pool as Partial<PgPool> | undefined)?.connect === 'function'

export interface Listening {
  /** Each channel's handler of a notice's payload. */
  channels: ReadonlyMap<string, (payload: string) => void>
  /**
   * Told `true` once every channel is listened to, `false` when the connection drops: notices
   * sent in between are lost, so whatever they would have refreshed must be refreshed otherwise.
   */
  onListening(listening: boolean): void
  report(error: unknown): void
}

/**
 * LISTENs on one connection of its own to `channels` (other processes' NOTIFYs), reconnecting
 * when it drops. Returns what stops it.
 */
export const listen = (pool: PgPool, { channels, onListening, report }: Listening): (() => Promise<void>) => {
  let client: PgClient | undefined
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  const drop = (dropped: PgClient, error?: unknown) => {
    if (client !== dropped) {
      return
    }
    client = undefined
    onListening(false)
    dropped.release(true)
    if (error) {
      report(error)
    }
    reconnect()
  }
  const reconnect = () => {
    if (!stopped) {
      timer = setTimeout(() => void connect(), RECONNECT_MS)
      timer.unref()
    }
  }
  const connect = async () => {
    let connected: PgClient
    try {
      connected = await pool.connect()
    } catch (error) {
      report(error)
      reconnect()
      return
    }
    if (stopped) {
      connected.release()
      return
    }
    client = connected
    connected.on('notification', ({ channel, payload = '' }) => {
      try {
        channels.get(channel)?.(payload)
      } catch (error) {
        report(error)
      }
    })
    connected.on('error', (error) => drop(connected, error))
    connected.on('end', () => drop(connected))
    try {
      for (const channel of channels.keys()) {
        await connected.query(`LISTEN "${channel}"`)
      }
    } catch (error) {
      drop(connected, error)
      return
    }
    if (client === connected) {
      onListening(true)
    }
  }
  void connect()
  return async () => {
    stopped = true
    clearTimeout(timer)
    const listening = client
    client = undefined
    if (listening) {
      await listening.query('UNLISTEN *').catch(() => undefined)
      listening.release()
    }
  }
}
