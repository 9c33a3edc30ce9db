'use client'
import { useState } from 'react'

import type { ReserveClient } from '../api-client/endpoint-types.js'
import type { RecordId } from '../contract/http.js'
import type { GuestDetails } from './guest-details.js'
import type { BookingTextKey } from './texts/en.js'

import { guestProblems, trimmedGuest } from './guest-details.js'
import { waitlistRange } from './waitlist-range.js'

/** The day a guest would wait for: a local date of `timezone`, for the service on a resource or any. */
export interface WaitlistDay {
  date: string
  resource: 'any' | RecordId
  service: RecordId
  timezone: string
}

/** The entry the server recorded: its id, and for a guest the token that lets them leave it. */
interface Entry {
  entryId: string
  token?: string
}

interface State {
  busy: 'joining' | 'leaving' | null
  entry: Entry | null
  /** The guest left the entry (or it had ended already). */
  left: boolean
  /** The form to join is open. */
  open: boolean
  problems: Partial<Record<keyof GuestDetails, BookingTextKey>>
  /** The server's words when it refused to join or to leave. */
  refusal: null | string
}

const START: State = { busy: null, entry: null, left: false, open: false, problems: {}, refusal: null }

/**
 * Waiting for a full day, headless: the guest joins the waitlist for the rest of that day (in
 * the resource's zone) with their details (`POST /reserve/waitlist`), and may leave it again with
 * the token the server gave (`DELETE /reserve/waitlist/{id}`). Choosing another day, service or
 * resource starts afresh; an entry already made stays on the server until it is left or offered.
 */
export const useWaitlist = (client: ReserveClient, day: null | WaitlistDay) => {
  const key = day && [day.service, day.resource, day.date, day.timezone].join('|')
  const [shown, setShown] = useState<{ key: null | string } & State>({ ...START, key })
  const state: State = shown.key === key ? shown : START
  const update = (change: Partial<State>) => setShown((previous) => ({ ...(previous.key === key ? previous : START), ...change, key }))

  const join = async (guest: GuestDetails) => {
    const problems = guestProblems(guest)
    update({ problems, refusal: null })
    if (!day || Object.keys(problems).length > 0) {
      return
    }
    update({ busy: 'joining' })
    const result = await client.joinWaitlist({
      body: { ...waitlistRange(day.date, day.timezone, Date.now()), guest: trimmedGuest(guest), resource: day.resource, service: day.service },
    })
    update(
      result.ok
        ? { busy: null, entry: { entryId: result.data.entryId, ...(result.data.token && { token: result.data.token }) }, open: false }
        : { busy: null, refusal: result.message },
    )
  }

  const leave = async () => {
    const { entry } = state
    if (!entry) {
      return
    }
    update({ busy: 'leaving', refusal: null })
    const result = await client.leaveWaitlist({ body: { ...(entry.token && { token: entry.token }) }, params: { id: entry.entryId } })
    update(result.ok ? { busy: null, entry: null, left: true } : { busy: null, refusal: result.message })
  }

  return {
    ...state,
    join,
    leave,
    /** Opens the form to join. */
    start: () => update({ open: true, refusal: null }),
  }
}

export type Waitlist = ReturnType<typeof useWaitlist>
