'use client'
import { useConfig } from '@payloadcms/ui'
import { useEffect, useRef } from 'react'

import { ENDPOINTS } from '../../contract/endpoints.js'
import { followLive } from './live-connection.js'

/** A burst of changes (a series, a move and its status) becomes one reload. */
const SETTLE_MS = 150

/**
 * Calls `onChange` whenever a reservation the user may read changes, in this tab or any other
 * (the server's `/reserve/live` event stream), and on every (re)connection: what changed while
 * the connection was down is then reloaded too, so nothing is missed. With `reservationId`, only
 * for that reservation's changes (and reconnections). While `enabled` only. Every part of the
 * page that follows shares one connection (`live-connection.ts`).
 */
export const useLiveUpdates = (onChange: () => void, enabled: boolean, reservationId?: null | string): void => {
  const { config } = useConfig()
  // An EventSource, not the API client: it reconnects by itself, sending Last-Event-ID.
  const url = `${config.serverURL ?? ''}${config.routes.api}${ENDPOINTS.getLive.path}`
  const latest = useRef(onChange)
  latest.current = onChange

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') {
      return
    }
    let settle: ReturnType<typeof setTimeout> | undefined
    const stop = followLive(url, (changed) => {
      if (changed === null || reservationId == null || changed === reservationId) {
        clearTimeout(settle)
        settle = setTimeout(() => latest.current(), SETTLE_MS)
      }
    })
    return () => {
      clearTimeout(settle)
      stop()
    }
  }, [enabled, reservationId, url])
}
