'use client'
import { useEffect, useState } from 'react'

import { localDateOf, todayIn } from '../shared/calendar-dates.js'

/** The day the slot picker shows: the start's day, else today; the start moving moves it along. */
export const usePickerDate = (start: null | string, timezone: string): [string, (date: string) => void] => {
  const [date, setDate] = useState(() => (start ? localDateOf(Date.parse(start), timezone) : todayIn(timezone)))

  // A start typed or prefilled elsewhere moves the picker to its day.
  useEffect(() => {
    if (start) {
      setDate(localDateOf(Date.parse(start), timezone))
    }
  }, [timezone, start])

  return [date, setDate]
}
