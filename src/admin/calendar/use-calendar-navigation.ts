'use client'
import { useMemo, useState } from 'react'

import { todayIn } from '../shared/calendar-dates.js'
import { type CalendarMode, datesShown, isDatedMode, stepDate } from './modes.js'
import { useCalendarURL } from './use-calendar-url.js'
import { useNarrowScreen } from './use-narrow-screen.js'

interface Initial {
  date: string
  mode: CalendarMode
  resource: null | string
}

export interface CalendarNavigation {
  date: string
  /** The dates the page shows; none in the modes not laid out on dates. */
  dates: string[]
  mode: CalendarMode
  /** A phone's screen: the week shows three days from its date, and pages by three. */
  narrow: boolean
  resource: null | string
  setDate: (date: string) => void
  setMode: (mode: CalendarMode) => void
  setResource: (resource: null | string) => void
  /** Opens a date in the day mode. */
  showDay: (date: string) => void
  step: (direction: -1 | 1) => void
  today: () => void
}

/** The page the calendar shows (mode, date, resource) and the moves between pages, kept in the address. */
export const useCalendarNavigation = (initial: Initial, timezone: string): CalendarNavigation => {
  const [mode, setMode] = useState(initial.mode)
  const [date, setDate] = useState(initial.date)
  const [resource, setResource] = useState(initial.resource)
  const narrow = useNarrowScreen()
  useCalendarURL(mode, date, resource)
  const dates = useMemo(() => (isDatedMode(mode) ? datesShown(mode, date, narrow) : []), [date, mode, narrow])
  return {
    date,
    dates,
    mode,
    narrow,
    resource,
    setDate,
    setMode,
    setResource,
    showDay: (day) => {
      setDate(day)
      setMode('day')
    },
    step: (direction) => isDatedMode(mode) && setDate(stepDate(mode, date, direction, narrow)),
    today: () => setDate(todayIn(timezone)),
  }
}
