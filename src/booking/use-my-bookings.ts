'use client'
import { useCallback, useEffect, useState } from 'react'

import type { RecordId } from '../contract/http.js'
import type { CatalogSlugs } from './catalog.js'

import { type MyBookings, loadMyBookings } from './my-bookings.js'
import { useReserveClients } from './use-booking-flow.js'

export interface MyBookingsState {
  bookings: MyBookings | null
  /** Which booking is being cancelled. */
  cancelling: null | string
  /** Cancels a booking; a refusal (e.g. within the notice period) is kept by its id, in the server's words. */
  cancel: (id: string) => Promise<void>
  error: null | string
  refusals: Record<string, string>
}

/**
 * The signed-in customer's bookings, upcoming and past, and cancelling one of them through the
 * API client's `cancel`, after which the list is read again.
 */
export const useMyBookings = (apiUrl: string, customer: null | RecordId, slugs?: CatalogSlugs & { reservations?: string }): MyBookingsState => {
  const { client } = useReserveClients(apiUrl)
  const [bookings, setBookings] = useState<MyBookings | null>(null)
  const [error, setError] = useState<null | string>(null)
  const [version, setVersion] = useState(0)
  const [cancelling, setCancelling] = useState<null | string>(null)
  const [refusals, setRefusals] = useState<Record<string, string>>({})
  const reservations = slugs?.reservations

  useEffect(() => {
    if (customer === null) {
      setBookings(null)
      return
    }
    const controller = new AbortController()
    loadMyBookings(apiUrl, customer, { signal: controller.signal, slugs: { reservations } })
      .then((found) => {
        setBookings(found)
        setError(null)
      })
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) {
          setError(caught instanceof Error ? caught.message : String(caught))
        }
      })
    return () => controller.abort()
  }, [apiUrl, customer, reservations, version])

  const cancel = useCallback(
    async (id: string) => {
      setCancelling(id)
      const result = await client.cancel({ body: { reservationId: id } })
      setCancelling(null)
      setRefusals(({ [id]: _, ...others }) => (result.ok ? others : { ...others, [id]: result.message }))
      if (result.ok) {
        setVersion((count) => count + 1)
      }
    },
    [client],
  )
  return { bookings, cancel, cancelling, error, refusals }
}
