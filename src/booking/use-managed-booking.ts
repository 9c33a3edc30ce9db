'use client'
import { useEffect, useMemo, useState } from 'react'

import type { ManagedBooking } from '../contract/http.js'
import type { FreeSlot } from './free-slot.js'
import type { BookingRefusal } from './use-booking-flow.js'

import { localDateOf } from '../time/local-time.js'
import { findNextFreeTimes } from './find-free-slots.js'
import { useReserveClients } from './use-booking-flow.js'
import { useFreeSlots } from './use-free-slots.js'

/** What the guest is doing: looking at it, confirming its cancel, choosing a new time. */
export type ManagePhase = 'confirm-cancel' | 'reschedule' | 'view'

/** What the last action did: cancelled it, or moved it from one start to another. */
export type ManageOutcome = { kind: 'cancelled' } | { from: string; kind: 'moved'; to: string }

export interface ManagedBookingQuestion {
  /** The host's API route, e.g. `/api`. */
  apiUrl: string
  reservationId: string
  /** The guest's token from their link; none for a signed-in customer. */
  token?: null | string
}

/**
 * A booking as its guest manages it, headless: read by its id and the token of the guest's link
 * (`GET /reserve/guest-booking`), cancelled after a confirmation, or moved to a free time of a day
 * the guest picks (`POST /reserve/reschedule`). Every refusal keeps the server's words; a time
 * taken meanwhile brings the next free times. The booking is read again after each change,
 * before its result is said, so what is shown, and what the guest may still do, is the server's.
 */
export const useManagedBooking = ({ apiUrl, reservationId, token }: ManagedBookingQuestion) => {
  const { client } = useReserveClients(apiUrl)
  const [loaded, setLoaded] = useState<{ booking: ManagedBooking | null; refused: null | string }>({ booking: null, refused: null })
  const [phase, setPhase] = useState<ManagePhase>('view')
  const [chosenDate, setChosenDate] = useState<null | string>(null)
  const [selected, setSelected] = useState<FreeSlot | null>(null)
  const [version, setVersion] = useState(0)
  const [busy, setBusy] = useState<'cancelling' | 'moving' | null>(null)
  const [refusal, setRefusal] = useState<BookingRefusal | null>(null)
  const [outcome, setOutcome] = useState<ManageOutcome | null>(null)
  const secret = token ?? undefined

  /** Reads the booking as the server has it now. */
  const read = async (signal?: AbortSignal) => {
    try {
      const result = await client.getGuestBooking({ query: { reservationId, token: secret } }, { signal })
      setLoaded(result.ok ? { booking: result.data, refused: null } : { booking: null, refused: result.message })
    } catch (caught) {
      if (!signal?.aborted) {
        setLoaded({ booking: null, refused: caught instanceof Error ? caught.message : String(caught) })
      }
    }
  }

  useEffect(() => {
    const controller = new AbortController()
    void read(controller.signal)
    return () => controller.abort()
    // `read` asks for these; it is a new function on every render.
  }, [client, reservationId, secret])

  const { booking } = loaded
  const timezone = booking?.resource.timezone ?? 'UTC'
  const question = useMemo(
    () =>
      booking && phase === 'reschedule'
        ? { resources: [{ ...booking.resource, services: [booking.service.id] }], service: booking.service.id }
        : null,
    [booking, phase],
  )
  const today = localDateOf(Date.now(), timezone)
  const bookedDay = booking ? localDateOf(Date.parse(booking.reservation.startTime), timezone) : today
  const date = chosenDate ?? (bookedDay > today ? bookedDay : today)
  const free = useFreeSlots(client, question, date, { version })

  const back = () => {
    setPhase('view')
    setSelected(null)
    setRefusal(null)
  }

  const cancel = async () => {
    setBusy('cancelling')
    const result = await client.cancel({ body: { reservationId, token: secret } })
    if (result.ok) {
      // The result is said together with the booking as it is now, and what may still be done.
      await read()
      setOutcome({ kind: 'cancelled' })
      back()
    } else {
      setRefusal({ alternatives: [], message: result.message, taken: false })
    }
    setBusy(null)
  }

  const move = async (slot: FreeSlot | null = selected) => {
    if (!slot || !booking) {
      return
    }
    setBusy('moving')
    setRefusal(null)
    const result = await client.reschedule({ body: { reservationId, startTime: slot.start, token: secret } })
    if (result.ok) {
      await read()
      setOutcome({ from: booking.reservation.startTime, kind: 'moved', to: result.data.startTime })
      back()
      setBusy(null)
      return
    }
    setBusy(null)
    const taken = result.status === 409
    setRefusal({ alternatives: taken ? null : [], message: result.message, taken })
    if (taken && question) {
      setVersion((count) => count + 1)
      findNextFreeTimes(client, question, slot.start)
        .then((alternatives) => setRefusal((shown) => (shown?.message === result.message ? { ...shown, alternatives } : shown)))
        .catch(() => setRefusal((shown) => (shown?.message === result.message ? { ...shown, alternatives: [] } : shown)))
    }
  }

  return {
    /** Asks to confirm the cancel. */
    askCancel: () => {
      setOutcome(null)
      setRefusal(null)
      setPhase('confirm-cancel')
    },
    /** Back to the booking, nothing changed. */
    back,
    booking,
    busy,
    cancel,
    chooseDate: (next: string) => setChosenDate(next < today ? today : next),
    date,
    free,
    move,
    outcome,
    phase,
    /** Picks a new time; `move` moves the booking there. */
    pickSlot: (slot: FreeSlot) => {
      setSelected(slot)
      setRefusal(null)
    },
    /** Picks one of the next free times offered after a refusal, and moves the booking there at once. */
    pickAlternative: (slot: FreeSlot) => {
      setSelected(slot)
      setChosenDate(localDateOf(Date.parse(slot.start), slot.timezone))
      void move(slot)
    },
    refusal,
    /** Why the booking could not be read, in the server's words (`Forbidden` for a wrong link). */
    refused: loaded.refused,
    selected,
    /** Starts choosing a new time. */
    startReschedule: () => {
      setOutcome(null)
      setRefusal(null)
      setSelected(null)
      setPhase('reschedule')
    },
    timezone,
    today,
  }
}

export type ManagedBookingState = ReturnType<typeof useManagedBooking>
