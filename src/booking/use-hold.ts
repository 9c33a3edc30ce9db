'use client'
import { useCallback, useEffect, useRef, useState } from 'react'

import type { ReserveClient } from '../api-client/endpoint-types.js'
import type { HoldResponse } from '../contract/http.js'

type PlaceResult = Awaited<ReturnType<ReserveClient['placeHold']>>

/**
 * The guest's hold on the time they picked, placed while they complete their booking
 * (`POST /reserve/holds`) and released when they pick another time or leave the page: on
 * `pagehide` (closing the tab, navigating away) through `leaving`, a client whose requests
 * outlive the page (`keepalive`), and when the component using it unmounts.
 */
export const useHold = ({ client, leaving }: { client: ReserveClient; leaving: ReserveClient }) => {
  const [hold, setHold] = useState<HoldResponse | null>(null)
  const current = useRef<HoldResponse | null>(null)

  const keep = (next: HoldResponse | null) => {
    current.current = next
    setHold(next)
  }

  /** Ends the hold, if any; its end is the server's business from here (a refusal means it ended already). */
  const releaseWith = useCallback((through: ReserveClient): Promise<unknown> => {
    const held = current.current
    keep(null)
    return held ? through.releaseHold({ body: { holdToken: held.holdToken }, params: { id: held.holdId } }).catch(() => undefined) : Promise.resolve()
  }, [])

  useEffect(() => {
    const onLeave = () => void releaseWith(leaving)
    window.addEventListener('pagehide', onLeave)
    return () => {
      window.removeEventListener('pagehide', onLeave)
      onLeave()
    }
  }, [leaving, releaseWith])

  const place = useCallback(
    async (body: Record<string, unknown>): Promise<PlaceResult> => {
      await releaseWith(client)
      const result = await client.placeHold({ body })
      if (result.ok) {
        keep(result.data)
      }
      return result
    },
    [client, releaseWith],
  )

  return {
    hold,
    place,
    release: useCallback(() => releaseWith(client), [client, releaseWith]),
    /** The hold became a booking (or ended on the server): nothing is left to release. */
    settle: useCallback(() => keep(null), []),
  }
}
