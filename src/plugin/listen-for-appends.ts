import type { BusyIndex } from '../capacity/busy-index.js'

import { type AppendNotice, parseAppendNotice } from '../events/adapters/payload-sql/append-notices.js'

/** Wait before reconnecting a dropped listener connection. */
const RECONNECT_MS = 1_000

/** The node-postgres calls used here, on the pool @payloadcms/db-postgres exposes as `db.pool`. */
interface PgClient {
  on(event: 'end', listener: () => void): void
  on(event: 'error', listener: (error: Error) => void): void
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): void
  query(text: string): Promise<unknown>
  release(destroy?: boolean): void
}
export interface PgPool {
  connect(): Promise<PgClient>
}

export const isPgPool = (pool: unknown): pool is PgPool => typeof (pool as Partial<PgPool> | undefined)?.connect === 'function'

/**
 * LISTENs on one connection of its own for other processes' appends and brings the busy index
 * up to each announced head, with the events the notice carries or else by reading them, so
 * the next optimistic decision here is made on it rather than failing its append first. Only an
 * optimisation: the append still checks every head, and a notice lost (while reconnecting, or
 * never sent), late or unreadable costs that retry, not a wrong answer.
 * Returns what stops it.
 */
export const listenForAppends = (pool: PgPool, channel: string, busy: BusyIndex, report: (error: unknown) => void): (() => Promise<void>) => {
  let client: PgClient | undefined
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  const drop = (dropped: PgClient, error?: unknown) => {
    if (client !== dropped) {
      return
    }
    client = undefined
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
    connected.on('notification', ({ channel: from, payload = '' }) => {
      if (from !== channel) {
        return
      }
      let notice: AppendNotice
      try {
        notice = parseAppendNotice(payload)
      } catch (error) {
        report(error)
        return
      }
      busy.applyAnnounced(notice.events)
      for (const { revision, stream } of notice.heads) {
        busy.advance(stream, revision).catch(report)
      }
    })
    connected.on('error', (error) => drop(connected, error))
    connected.on('end', () => drop(connected))
    await connected.query(`LISTEN "${channel}"`).catch((error: unknown) => drop(connected, error))
  }
  void connect()
  return async () => {
    stopped = true
    clearTimeout(timer)
    const listening = client
    client = undefined
    if (listening) {
      await listening.query(`UNLISTEN "${channel}"`).catch(() => undefined)
      listening.release()
    }
  }
}
