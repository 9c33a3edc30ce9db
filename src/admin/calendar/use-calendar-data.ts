'use client'
import { useMemo } from 'react'

import type { AdminSettings, ResourceRecord } from '../../contract/http.js'
import type { EpochAvailability } from '../shared/capacity.js'
import type { Reservations } from '../shared/use-reservations.js'

import { dayBounds } from '../shared/calendar-dates.js'
import { useAvailability } from '../shared/use-availability.js'
import { overlapping, takingResource, useReservations } from '../shared/use-reservations.js'
import { useAsOf } from './use-as-of.js'

interface Query {
  /** The past instant the calendar shows, from the ledger; null for now. */
  asOf: null | number
  dates: string[]
  /** The one resource shown, as an id; null for all. */
  narrowed: null | string
  refreshKey: number
  resources: null | ResourceRecord[]
  settings: AdminSettings
}

export interface CalendarData extends Reservations {
  /** By resource id, for the resources shown; null while loading. */
  availability: Map<string, EpochAvailability> | null
  /** The one resource shown, when narrowed to one. */
  chosen: null | ResourceRecord
  /** The availability of every shown resource that has one; null while loading. */
  every: EpochAvailability[] | null
}

/**
 * Working hours as they are now with the load as it was then: schedules are not in the ledger, and
 * what the pools and other calendars held then is not known, so they are left out.
 */
const asThen = (availability: Map<string, EpochAvailability> | null, busy: Map<string, EpochAvailability['busy']> | null) =>
  availability && busy
    ? new Map(
        [...availability].map(([id, now]) => [
          id,
          { ...now, busy: busy.get(id) ?? [], external: [], requiredPools: now.requiredPools.map((pool) => ({ ...pool, busy: [] })) },
        ]),
      )
    : null

/** The reservations over a calendar page's dates and the availability of the resources shown, now or as of a past instant. */
export const useCalendarData = ({ asOf, dates, narrowed, refreshKey, resources, settings }: Query): CalendarData => {
  const from = dayBounds(dates[0], settings.timezone).start
  const to = dayBounds(dates[dates.length - 1], settings.timezone).end
  const conditions = useMemo(
    () => [...overlapping(from, to), ...(narrowed ? [takingResource(narrowed)] : [])],
    [from, narrowed, to],
  )
  const current = useReservations(settings, { conditions, refreshKey })
  const shownResources = useMemo(
    () => (resources ?? []).filter((one) => narrowed === null || String(one.id) === narrowed),
    [narrowed, resources],
  )
  const now = useAvailability(
    shownResources.map((one) => one.id),
    from,
    to,
    refreshKey,
  )
  const then = useAsOf(asOf, shownResources, from, to, settings)
  const availability = asOf === null ? now : asThen(now, then.busy)
  const { error, reservations, truncated } = asOf === null ? current : { ...then, truncated: false }
  const every =
    availability && shownResources.map((one) => availability.get(String(one.id)) ?? null).filter((one) => one !== null)
  const chosen = narrowed === null ? null : (shownResources[0] ?? null)
  return { availability, chosen, error, every, reservations, truncated }
}
