'use client'
import { useMemo } from 'react'

import type { AdminSettings, ResourceRecord } from '../../plugin/http/contract.js'
import type { EpochAvailability } from '../shared/capacity.js'
import type { Reservations } from '../shared/use-reservations.js'

import { dayBounds } from '../shared/calendar-dates.js'
import { useAvailability } from '../shared/use-availability.js'
import { overlapping, takingResource, useReservations } from '../shared/use-reservations.js'

interface Query {
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

/** The reservations over a calendar page's dates and the availability of the resources shown. */
export const useCalendarData = ({ dates, narrowed, refreshKey, resources, settings }: Query): CalendarData => {
  const from = dayBounds(dates[0], settings.timezone).start
  const to = dayBounds(dates[dates.length - 1], settings.timezone).end
  const conditions = useMemo(
    () => [...overlapping(from, to), ...(narrowed ? [takingResource(narrowed)] : [])],
    [from, narrowed, to],
  )
  const { error, reservations, truncated } = useReservations(settings, { conditions, refreshKey })
  const shownResources = useMemo(
    () => (resources ?? []).filter((one) => narrowed === null || String(one.id) === narrowed),
    [narrowed, resources],
  )
  const availability = useAvailability(
    shownResources.map((one) => one.id),
    from,
    to,
    refreshKey,
  )
  const every =
    availability && shownResources.map((one) => availability.get(String(one.id)) ?? null).filter((one) => one !== null)
  const chosen = narrowed === null ? null : (shownResources[0] ?? null)
  return { availability, chosen, error, every, reservations, truncated }
}
