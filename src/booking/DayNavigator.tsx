'use client'
import React, { useId } from 'react'

import type { BookingWindowEnd } from './booking-window.js'

import { addCalendarDays } from '../time/local-time.js'
import { useBookingLanguage } from './booking-texts-context.js'
import { dateLabel } from './zoned-time.js'

/**
 * The day whose free times are shown: a day back (not before today), a date typed or picked, a
 * day on (not past `last`, the last day open for booking, where a note says how far ahead
 * bookings open: `maxAdvanceDays`).
 */
export const DayNavigator: React.FC<{
  date: string
  last?: BookingWindowEnd | null
  onDate: (date: string) => void
  today: string
}> = ({ date, last = null, onDate, today }) => {
  const { locale, t } = useBookingLanguage()
  const id = useId()
  const atEnd = last !== null && date >= last.date
  return (
    <>
      <div className="rl-booking__days">
        <button
          aria-label={t('previousDay')}
          className="rl-booking__step"
          disabled={date <= today}
          onClick={() => onDate(addCalendarDays(date, -1))}
          type="button"
        >
          <span aria-hidden="true">‹</span>
        </button>
        <div className="rl-booking__field rl-booking__day">
          <label className="rl-booking__label" htmlFor={id}>
            {t('chooseDay')}
          </label>
          <input
            aria-describedby={`${id}-name`}
            id={id}
            max={last?.date}
            min={today}
            onChange={(event) => event.target.value && onDate(event.target.value)}
            type="date"
            value={date}
          />
          <span className="rl-booking__day-name" id={`${id}-name`}>
            {dateLabel(date, locale)}
          </span>
        </div>
        <button aria-label={t('nextDay')} className="rl-booking__step" disabled={atEnd} onClick={() => onDate(addCalendarDays(date, 1))} type="button">
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {atEnd && (
        <p className="rl-booking__note" role="status">
          {t('bookingWindowEnd', { days: last.maxAdvanceDays })}
        </p>
      )}
    </>
  )
}
