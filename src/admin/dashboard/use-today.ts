'use client'
import { useMemo, useState } from 'react'

import type { AdminSettings } from '../../contract/http.js'
import type { CapacityLoad } from '../shared/capacity.js'
import type { Reservations } from '../shared/use-reservations.js'

import { loadOf, sumLoads, withCompleted } from '../shared/capacity.js'
import { dayBounds, todayIn } from '../shared/calendar-dates.js'
import { useAvailability } from '../shared/use-availability.js'
import { useCompleted } from '../shared/use-completed.js'
import { useLiveUpdates } from '../shared/use-live-updates.js'
import { useReservations } from '../shared/use-reservations.js'
import { useResources } from '../shared/use-resources.js'

/** How many of the next bookings the widget lists. */
const UPCOMING = 5

export interface Today {
  /** Today in the plugin's zone, `[start, end)` in epoch ms. */
  day: { end: number; start: number }
  /** All resources' working capacity today, how much is booked or was completed, how much is still free; null while loading. */
  load: CapacityLoad | null
  /** Today's date in the plugin's zone, fixed when the widget first showed. */
  today: string
  /** The bookings starting today. */
  todays: Reservations
  /** The next bookings still to come that hold their time. */
  upcoming: Reservations
}

/** What the dashboard widget shows of today, read again whenever a reservation changes (anyone's, live). */
export const useToday = (settings: AdminSettings): Today => {
  const [today] = useState(() => todayIn(settings.timezone))
  const [now] = useState(() => new Date().toISOString())
  const [refreshKey, setRefreshKey] = useState(0)
  useLiveUpdates(() => setRefreshKey((key) => key + 1), true)
  const day = dayBounds(today, settings.timezone)
  const todayConditions = useMemo(
    () => [
      { startTime: { greater_than_equal: new Date(day.start).toISOString() } },
      { startTime: { less_than: new Date(day.end).toISOString() } },
    ],
    [day.end, day.start],
  )
  const upcomingConditions = useMemo(
    () => [{ startTime: { greater_than_equal: now } }, { status: { in: settings.statusMachine.blockingStatuses } }],
    [now, settings.statusMachine.blockingStatuses],
  )
  const todays = useReservations(settings, { conditions: todayConditions, refreshKey })
  const upcoming = useReservations(settings, { conditions: upcomingConditions, limit: UPCOMING, refreshKey })
  const { resources } = useResources(settings)
  const resourceIds = useMemo(() => (resources ?? []).map((one) => one.id), [resources])
  const availability = useAvailability(resourceIds, day.start, day.end, refreshKey)
  const completed = useCompleted(settings, day.start, day.end, refreshKey)
  const load =
    availability &&
    completed &&
    sumLoads([...availability].map(([id, one]) => loadOf(withCompleted(one, completed.get(id) ?? []), day.start, day.end, Date.parse(now))))
  return { day, load, today, todays, upcoming }
}
