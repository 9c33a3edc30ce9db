'use client'
import { useEffect, useState } from 'react'

import type { WaitlistEntryRecord } from '../../contract/http.js'

import { orThrow } from '../../api-client/or-throw.js'
import { useReserveClient } from '../shared/use-reserve-client.js'

/** The waitlist entries whose range overlaps `[from, to)`, oldest first; null while loading, [] when they cannot be read. */
export const useWaitlist = (from: number, to: number): null | WaitlistEntryRecord[] => {
  const reserve = useReserveClient()
  const [entries, setEntries] = useState<null | WaitlistEntryRecord[]>(null)
  useEffect(() => {
    const controller = new AbortController()
    reserve
      .listWaitlist({ query: { end: new Date(to).toISOString(), start: new Date(from).toISOString() } }, { signal: controller.signal })
      .then(orThrow)
      .then((answer) => setEntries(answer.entries))
      .catch(() => {
        // Staff without the list (not privileged) see it empty rather than an error on the dashboard.
        if (!controller.signal.aborted) {
          setEntries([])
        }
      })
    return () => controller.abort()
  }, [from, reserve, to])
  return entries
}
