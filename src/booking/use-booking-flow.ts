'use client'
import { useMemo, useState } from 'react'

import type { ReserveClient } from '../api-client/endpoint-types.js'
import type { RecordId, ReservationDocument } from '../contract/http.js'
import type { Catalog } from './catalog.js'
import type { FreeSlot } from './free-slot.js'
import type { BookingTextKey } from './texts/en.js'

import { createReserveClient } from '../api-client/create-reserve-client.js'
import { localDateOf } from '../time/local-time.js'
import { resourcesFor } from './catalog.js'
import { findNextFreeTimes } from './find-free-slots.js'
import { type GuestDetails, guestProblems, trimmedGuest } from './guest-details.js'
import { useFreeSlots } from './use-free-slots.js'
import { useHold } from './use-hold.js'

/** Where the guest is: choosing a time, giving their details, holding the time, booked. */
export type BookingPhase = 'booked' | 'choose' | 'details' | 'held'

/** The server refused a hold or the booking: in its words, with the next free times when the time was taken. */
export interface BookingRefusal {
  /** The next free times (null while they are looked for); only when the time was taken meanwhile. */
  alternatives: FreeSlot[] | null
  message: string
  taken: boolean
}

/** The two clients of the endpoints under `apiUrl`: one for the page, one whose requests outlive it. */
export const useReserveClients = (apiUrl: string): { client: ReserveClient; leaving: ReserveClient } =>
  useMemo(
    () => ({
      client: createReserveClient({ baseUrl: apiUrl, credentials: 'include' }),
      leaving: createReserveClient({ baseUrl: apiUrl, credentials: 'include', fetch: (input, init) => fetch(input, { ...init, keepalive: true }) }),
    }),
    [apiUrl],
  )

const NO_GUEST: GuestDetails = { email: '', name: '', phone: '' }

/**
 * The state of a guest's booking, headless: the service and resource ("any" for the first one
 * free), the day and its free times, the guest's details, the hold on the time picked while they
 * confirm, and the booking. Every refusal keeps the server's words; a time taken meanwhile brings
 * the next free times of that day and the days after.
 */
export const useBookingFlow = ({ apiUrl, catalog }: { apiUrl: string; catalog: Catalog }) => {
  const clients = useReserveClients(apiUrl)
  const { client } = clients
  const holds = useHold(clients)
  const { hold } = holds

  const [service, setService] = useState<null | RecordId>(null)
  const [resourceChoice, setResourceChoice] = useState<'any' | RecordId>('any')
  const [chosenDate, setChosenDate] = useState<null | string>(null)
  const [version, setVersion] = useState(0)
  const [selected, setSelected] = useState<FreeSlot | null>(null)
  const [phase, setPhase] = useState<BookingPhase>('choose')
  const [guest, setGuest] = useState<GuestDetails>(NO_GUEST)
  const [notes, setNotes] = useState('')
  const [problems, setProblems] = useState<Partial<Record<keyof GuestDetails, BookingTextKey>>>({})
  const [refusal, setRefusal] = useState<BookingRefusal | null>(null)
  const [busy, setBusy] = useState<'booking' | 'holding' | null>(null)
  const [booked, setBooked] = useState<null | ReservationDocument>(null)

  const offering = useMemo(() => resourcesFor(catalog, service), [catalog, service])
  const candidates = useMemo(
    () => (resourceChoice === 'any' ? offering : offering.filter(({ id }) => String(id) === String(resourceChoice))),
    [offering, resourceChoice],
  )
  const question = useMemo(() => (service !== null && candidates.length > 0 ? { resources: candidates, service } : null), [candidates, service])
  /** Days are local days of the (first) resource's zone, as the slots endpoint reads `date`. */
  const timezone = candidates[0]?.timezone ?? 'UTC'
  const today = localDateOf(Date.now(), timezone)
  const date = chosenDate !== null && chosenDate >= today ? chosenDate : today
  const free = useFreeSlots(client, question, date, { hold: hold && { holdId: hold.holdId, holdToken: hold.holdToken }, version })

  const backToChoosing = () => {
    void holds.release()
    setSelected(null)
    setRefusal(null)
    setPhase('choose')
  }

  /** A refusal in the server's words; when the time was taken, the next free times after it. */
  const refuse = (status: number, message: string, after: string) => {
    const taken = status === 409
    setRefusal({ alternatives: taken ? null : [], message, taken })
    if (taken && question) {
      setVersion((count) => count + 1)
      findNextFreeTimes(client, question, after)
        .then((alternatives) => setRefusal((shown) => (shown?.message === message ? { ...shown, alternatives } : shown)))
        .catch(() => setRefusal((shown) => (shown?.message === message ? { ...shown, alternatives: [] } : shown)))
    }
  }

  /** Holds `slot` for the guest, once their details pass the guest rules. */
  const holdTime = async (slot: FreeSlot | null = selected) => {
    const found = guestProblems(guest)
    setProblems(found)
    if (!slot || service === null || Object.keys(found).length > 0) {
      return
    }
    setBusy('holding')
    setRefusal(null)
    const result = await holds.place({ guest: trimmedGuest(guest), resource: slot.resource, service, startTime: slot.start })
    setBusy(null)
    if (result.ok) {
      setPhase('held')
    } else {
      setPhase('details')
      refuse(result.status, result.message, slot.start)
    }
  }

  /** Books the held time: the hold's schedule and guest, with the notes. */
  const book = async () => {
    if (!hold) {
      return
    }
    setBusy('booking')
    const result = await client.book({ body: { holdId: hold.holdId, holdToken: hold.holdToken, ...(notes.trim() && { notes: notes.trim() }) } })
    setBusy(null)
    if (result.ok && 'id' in result.data) {
      holds.settle()
      setBooked(result.data)
      setRefusal(null)
      setPhase('booked')
    } else if (!result.ok) {
      void holds.release()
      setPhase('details')
      refuse(result.status, result.message, hold.startTime)
    }
  }

  return {
    book,
    booked,
    busy,
    candidates,
    chooseDate: (next: string) => setChosenDate(next < today ? today : next),
    chooseResource: (choice: 'any' | RecordId) => {
      backToChoosing()
      setResourceChoice(choice)
    },
    chooseService: (next: null | RecordId) => {
      backToChoosing()
      setService(next)
      setResourceChoice('any')
    },
    /** Back to the day's times, letting go of the hold. */
    changeTime: backToChoosing,
    /** The client of the endpoints, for the kit's other hooks (the waitlist). */
    client,
    date,
    free,
    guest,
    hold,
    holdTime,
    notes,
    offering,
    phase,
    /** Picks one of the next free times offered after a refusal, and holds it at once. */
    pickAlternative: (slot: FreeSlot) => {
      setSelected(slot)
      setChosenDate(localDateOf(Date.parse(slot.start), slot.timezone))
      void holdTime(slot)
    },
    pickSlot: (slot: FreeSlot) => {
      void holds.release()
      setSelected(slot)
      setRefusal(null)
      setPhase('details')
    },
    problems,
    refusal,
    resourceChoice,
    selected,
    service,
    setGuest,
    setNotes,
    /** After a booking: the same service and resource, the day's times asked again. */
    /** The zone of the (first) resource: the one whose local days are shown. */
    timezone,
    startOver: () => {
      setBooked(null)
      setSelected(null)
      setVersion((count) => count + 1)
      setPhase('choose')
    },
    today,
  }
}

export type BookingFlow = ReturnType<typeof useBookingFlow>
