'use client'
import { useConfig } from '@payloadcms/ui'
import { useEffect, useRef } from 'react'

/** A burst of changes (a series, a move and its status) becomes one reload. */
const SETTLE_MS = 150

/** Waits before opening again a connection the browser gave up on, doubled up to the last. */
const REOPEN_MS = [1_000, 2_000, 5_000, 15_000, 30_000]

/**
 * Calls `onChange` whenever a reservation the user may read changes, in this tab or any other
 * (the server's `/reserve/live` event stream), and on every (re)connection: what changed while
 * the connection was down is then reloaded too, so nothing is missed. While `enabled` only.
 */
export const useLiveUpdates = (onChange: () => void, enabled: boolean): void => {
  const { config } = useConfig()
  const url = `${config.serverURL ?? ''}${config.routes.api}/reserve/live`
  const latest = useRef(onChange)
  latest.current = onChange

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') {
      return
    }
    let source: EventSource | null = null
    let settle: ReturnType<typeof setTimeout> | undefined
    let reopen: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    const changed = () => {
      clearTimeout(settle)
      settle = setTimeout(() => latest.current(), SETTLE_MS)
    }
    const open = () => {
      source = new EventSource(url, { withCredentials: true })
      source.addEventListener('open', () => {
        failures = 0
        changed()
      })
      source.addEventListener('reservation', changed)
      source.addEventListener('resync', changed)
      // The browser retries a dropped connection itself, but gives up on a refused one (or,
      // in some browsers, on one that fails while offline): open a new one after a while.
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
    return () => {
      window.removeEventListener('online', online)
      clearTimeout(settle)
      clearTimeout(reopen)
      source?.close()
    }
  }, [enabled, url])
}
