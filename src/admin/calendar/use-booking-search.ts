'use client'
import { useAuth } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import type { AdminSettings, Page, ReservationRecord } from '../../contract/http.js'
import type { QueryValue } from '../shared/query-string.js'

import { useApi } from '../shared/use-api.js'
import { ahead, behind, bookerMatches } from './booking-search-query.js'

/** Fewer letters match too much to be worth a request. */
export const MIN_SEARCH_LENGTH = 2
/** Typing pauses this long before a request goes out. */
const PAUSE_MS = 250
const AHEAD_LIMIT = 10
const BEHIND_LIMIT = 5

export interface BookingSearch {
  /** Still to come, the next first. */
  ahead: ReservationRecord[]
  /** Over or cancelled, the latest first. */
  behind: ReservationRecord[]
  error: null | string
  /** The text the results answer; null while none has been answered. */
  answered: null | string
  /** More matched than are shown. */
  more: boolean
}

const NONE: BookingSearch = {
  ahead: [],
  answered: null,
  behind: [],
  error: null,
  more: false,
}

/** The bookings whose customer or guest matches `text`, as the reservations collection lets the user read them. */
export const useBookingSearch = (settings: AdminSettings, text: string): BookingSearch => {
  const api = useApi()
  const { permissions } = useAuth()
  const customersReadable = permissions?.collections?.[settings.slugs.customers]?.read === true
  const [state, setState] = useState<BookingSearch>(NONE)
  const query = text.trim()

  useEffect(() => {
    if (query.length < MIN_SEARCH_LENGTH) {
      setState(NONE)
      return undefined
    }
    const controller = new AbortController()
    const timer = window.setTimeout(() => {
      const now = Date.now()
      const holding = settings.statusMachine.blockingStatuses
      const find = (conditions: QueryValue[], sort: string, limit: number) =>
        api.get<Page<ReservationRecord>>(
          `/${settings.slugs.reservations}`,
          {
            depth: 1,
            limit,
            sort,
            where: { and: [bookerMatches(query, customersReadable), ...conditions] },
          },
          controller.signal,
        )
      Promise.all([find(ahead(now, holding), 'startTime', AHEAD_LIMIT), find([behind(now, holding)], '-startTime', BEHIND_LIMIT)])
        .then(([next, earlier]) =>
          setState({
            ahead: next.docs,
            answered: query,
            behind: earlier.docs,
            error: null,
            more: next.totalDocs > next.docs.length || earlier.totalDocs > earlier.docs.length,
          }),
        )
        .catch((caught: unknown) => {
          if (!controller.signal.aborted) {
            setState({
              ...NONE,
              answered: query,
              error: caught instanceof Error ? caught.message : String(caught),
            })
          }
        })
    }, PAUSE_MS)
    return () => {
      window.clearTimeout(timer)
      controller.abort()
    }
  }, [api, customersReadable, query, settings.slugs.reservations, settings.statusMachine.blockingStatuses])

  return state
}
