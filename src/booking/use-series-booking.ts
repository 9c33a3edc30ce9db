'use client'
import { useState } from 'react'

import type { ReserveClient } from '../api-client/endpoint-types.js'
import type { RecordId, SeriesBooked } from '../contract/http.js'
import type { FreeSlot } from './free-slot.js'
import type { GuestDetails } from './guest-details.js'

import { trimmedGuest } from './guest-details.js'
import { type Repeat, recurrenceOf, refusedOccurrences } from './repeat.js'

/**
 * The refusal's heading as the server wrote it ("The series cannot be booked: the time is taken
 * on …"): the client's `message` is the first field's, which the list of weeks already names.
 */
const seriesMessage = (body: unknown): string | undefined => {
  const message = (body as { errors?: { message?: unknown }[] } | null)?.errors?.[0]?.message
  return typeof message === 'string' && message !== '' ? message : undefined
}

/** A series the server refused whole: its words, each occurrence refused, and whether the rest could be booked. */
export interface SeriesRefusal {
  message: string
  occurrences: string[]
  /** Some occurrences are free: booking them alone (`partial`) may succeed. */
  someFree: boolean
}

/**
 * A weekly series booked from the picked time, headless. It is booked whole or not at all; after
 * a refusal that names only some occurrences, `book(…, { partial: true })` books the others and
 * the answer lists those left out. A series is not held first (the server books a hold as one
 * appointment), so its times are decided when it is booked.
 */
export const useSeriesBooking = (client: ReserveClient) => {
  const [busy, setBusy] = useState(false)
  const [booked, setBooked] = useState<null | SeriesBooked>(null)
  const [refusal, setRefusal] = useState<null | SeriesRefusal>(null)

  const book = async (
    {
      endTime,
      guest,
      notes,
      repeat,
      service,
      slot,
    }: { /** A flexible service's end of the first appointment; each one is as long. */ endTime?: string; guest: GuestDetails | null; notes: string; repeat: Repeat; service: RecordId; slot: FreeSlot },
    { partial = false }: { partial?: boolean } = {},
  ): Promise<boolean> => {
    setBusy(true)
    const result = await client.book({
      body: {
        ...(endTime && { endTime }),
        // A signed-in customer (guest null) books as themselves.
        ...(guest && { guest: trimmedGuest(guest) }),
        ...(notes.trim() && { notes: notes.trim() }),
        ...(partial && { partial: true }),
        recurrence: recurrenceOf(repeat),
        resource: slot.resource,
        service,
        startTime: slot.start,
      },
    })
    setBusy(false)
    if (result.ok && 'reservations' in result.data) {
      setBooked(result.data)
      setRefusal(null)
      return true
    }
    if (!result.ok) {
      const occurrences = refusedOccurrences(result.body)
      setRefusal({ message: seriesMessage(result.body) ?? result.message, occurrences, someFree: occurrences.length > 0 && occurrences.length < repeat.count })
    }
    return false
  }

  return {
    book,
    booked,
    busy,
    refusal,
    /** Forgets the series booked or refused, for another booking. */
    reset: () => {
      setBooked(null)
      setRefusal(null)
    },
  }
}

export type SeriesBooking = ReturnType<typeof useSeriesBooking>
