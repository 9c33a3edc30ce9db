'use client'
import { useMemo } from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { relatedId } from './related.js'
import { overlapping, useReservations } from './use-reservations.js'

/** The status of a booking that took place; a site's own machine without it finds none. */
const COMPLETED = 'completed'

export type CompletedTimes = Map<string, { end: number; guests: number; start: number }[]>

/**
 * The completed bookings over `[from, to)` by resource id: the ledger no longer holds their
 * time, so utilisation adds them back (see `withCompleted`). Null while loading; read again
 * when `refreshKey` changes, the previous answer kept meanwhile.
 */
export const useCompleted = (settings: AdminSettings, from: number, to: number, refreshKey = 0): CompletedTimes | null => {
  const conditions = useMemo(() => [...overlapping(from, to), { status: { equals: COMPLETED } }], [from, to])
  const { error, reservations } = useReservations(settings, { conditions, refreshKey })
  return useMemo(() => {
    // Without them utilisation reads low, as it did before: no reason to hide the rest.
    if (error) {
      return new Map()
    }
    if (reservations === null) {
      return null
    }
    const times: CompletedTimes = new Map()
    for (const reservation of reservations) {
      const resource = String(relatedId(reservation.resource))
      const time = { end: Date.parse(reservation.endTime ?? reservation.startTime), guests: reservation.guestCount ?? 1, start: Date.parse(reservation.startTime) }
      times.set(resource, [...(times.get(resource) ?? []), time])
    }
    return times
  }, [error, reservations])
}
