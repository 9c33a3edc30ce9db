'use client'
import { useEffect, useState } from 'react'

import type { WaitlistEntryRecord, WaitlistListResponse } from '../../contract/http.js'

import { useApi } from '../shared/use-api.js'

/** The waitlist entries whose range overlaps `[from, to)`, oldest first; null while loading, [] when they cannot be read. */
export const useWaitlist = (from: number, to: number): null | WaitlistEntryRecord[] => {
  const api = useApi()
  const [entries, setEntries] = useState<null | WaitlistEntryRecord[]>(null)
  useEffect(() => {
    const controller = new AbortController()
    api
      .get<WaitlistListResponse>(
        '/reserve/waitlist',
        { end: new Date(to).toISOString(), start: new Date(from).toISOString() },
        controller.signal,
      )
      .then((answer) => setEntries(answer.entries))
      .catch(() => {
        // Staff without the list (not privileged) see it empty rather than an error on the dashboard.
        if (!controller.signal.aborted) {
          setEntries([])
        }
      })
    return () => controller.abort()
  }, [api, from, to])
  return entries
}
