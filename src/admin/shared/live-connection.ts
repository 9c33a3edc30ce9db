import type { LiveEventData } from '../../contract/http.js'

/** Waits before opening again a connection the browser gave up on, doubled up to the last. */
const REOPEN_MS = [1_000, 2_000, 5_000, 15_000, 30_000]

/**
 * Told of one reservation's change by its id, or of `null` when anything may have changed: the
 * connection (re)opened, or the server could not replay what was missed.
 */
export type LiveListener = (reservationId: null | string) => void

interface Connection {
  close: () => void
  listeners: Set<LiveListener>
}

/**
 * One connection per stream URL for the whole page, however many parts of it follow the
 * changes: over HTTP/1.1 a browser keeps at most 6 connections to a host, and each event stream
 * holds one for as long as it is open.
 */
const connections = new Map<string, Connection>()

const connect = (url: string): Connection => {
  const listeners = new Set<LiveListener>()
  const tell = (reservationId: null | string) => listeners.forEach((listener) => listener(reservationId))
  let source: EventSource | null = null
  let reopen: ReturnType<typeof setTimeout> | undefined
  let failures = 0
  const open = () => {
    source = new EventSource(url, { withCredentials: true })
    source.addEventListener('open', () => {
      failures = 0
      tell(null)
    })
    source.addEventListener('reservation', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as LiveEventData
      tell(data.reservationId)
    })
    source.addEventListener('resync', () => tell(null))
    // The browser retries a dropped connection itself, but gives up on a refused one (or, in
    // some browsers, on one that fails while offline): open a new one after a while.
    source.addEventListener('error', () => {
      if (source?.readyState === EventSource.CLOSED) {
        source.close()
        reopen = setTimeout(open, REOPEN_MS[Math.min(failures++, REOPEN_MS.length - 1)])
      }
    })
  }
  // Back online after a while: open now rather than at the end of the longest wait.
  const online = () => {
    if (source?.readyState === EventSource.CLOSED) {
      clearTimeout(reopen)
      open()
    }
  }
  open()
  window.addEventListener('online', online)
  return {
    close: () => {
      window.removeEventListener('online', online)
      clearTimeout(reopen)
      source?.close()
    },
    listeners,
  }
}

/**
 * Follows the reservation changes of the event stream at `url`, sharing the page's connection
 * to it; the returned function stops, and the last one to stop closes the connection.
 */
export const followLive = (url: string, listener: LiveListener): (() => void) => {
  const connection = connections.get(url) ?? connect(url)
  connections.set(url, connection)
  connection.listeners.add(listener)
  return () => {
    connection.listeners.delete(listener)
    if (connection.listeners.size === 0) {
      connection.close()
      connections.delete(url)
    }
  }
}
