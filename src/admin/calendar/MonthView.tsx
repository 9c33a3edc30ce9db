'use client'
import React from 'react'

import type { AdminSettings, ReservationRecord } from '../../contract/http.js'
import type { EpochAvailability } from '../shared/capacity.js'

import { loadOf, sumLoads } from '../shared/capacity.js'
import { dayBounds, todayIn } from '../shared/calendar-dates.js'
import { externalIn } from '../shared/external-busy.js'
import { useFormatters } from '../shared/use-formatters.js'
import { byStartDate } from './by-start-date.js'
import { MonthDay } from './MonthDay.js'
import './month-view.css'

interface Props {
  /** The shown resources' availability; null while loading. */
  availability: EpochAvailability[] | null
  dates: string[]
  /** The month being shown, as any of its dates. */
  month: string
  onDay: (date: string) => void
  onOpen: (reservation: ReservationRecord) => void
  reservations: ReservationRecord[]
  settings: AdminSettings
}

/**
 * Six weeks around a month. Each day lists its first reservations and shows how much of the
 * shown resources' capacity is taken, and whether any is busy elsewhere; days nobody works are
 * shaded.
 */
export const MonthView: React.FC<Props> = ({ availability, dates, month, onDay, onOpen, reservations, settings }) => {
  const format = useFormatters(settings.timezone)
  const today = todayIn(settings.timezone)
  const byDate = byStartDate(reservations, settings.timezone)
  const loadOn = (date: string) => {
    const day = dayBounds(date, settings.timezone)
    return availability && sumLoads(availability.map((one) => loadOf(one, day.start, day.end)))
  }
  const externalOn = (date: string) => {
    const day = dayBounds(date, settings.timezone)
    return (availability ?? []).flatMap((one) => externalIn(one, day.start, day.end))
  }

  return (
    <div className="rl-month" role="grid">
      <div className="rl-month__weekdays" role="row">
        {dates.slice(0, 7).map((date) => (
          <div className="rl-month__weekday" key={date} role="columnheader">
            {format.weekday(date)}
          </div>
        ))}
      </div>
      {Array.from({ length: dates.length / 7 }, (_, week) => (
        <div className="rl-month__week" key={week} role="row">
          {dates.slice(week * 7, week * 7 + 7).map((date) => (
            <MonthDay
              date={date}
              external={externalOn(date)}
              key={date}
              listed={byDate.get(date) ?? []}
              load={loadOn(date)}
              month={month}
              onDay={onDay}
              onOpen={onOpen}
              settings={settings}
              today={today}
            />
          ))}
        </div>
      ))}
    </div>
  )
}
