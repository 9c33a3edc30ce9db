'use client'
import React, { useId } from 'react'

import { addCalendarDays } from '../time/local-time.js'
import { useBookingLanguage } from './booking-texts-context.js'
import { dateLabel } from './zoned-time.js'

/** The day whose free times are shown: a day back (not before today), a date typed or picked, a day on. */
export const DayNavigator: React.FC<{ date: string; onDate: (date: string) => void; today: string }> = ({ date, onDate, today }) => {
  const { locale, t } = useBookingLanguage()
  const id = useId()
  return (
    <div className="rl-booking__days">
      <button aria-label={t('previousDay')} className="rl-booking__step" disabled={date <= today} onClick={() => onDate(addCalendarDays(date, -1))} type="button">
        <span aria-hidden="true">‹</span>
      </button>
      <div className="rl-booking__field rl-booking__day">
        <label className="rl-booking__label" htmlFor={id}>
          {t('chooseDay')}
        </label>
        <input
          aria-describedby={`${id}-name`}
          id={id}
          min={today}
          onChange={(event) => event.target.value && onDate(event.target.value)}
          type="date"
          value={date}
        />
        <span className="rl-booking__day-name" id={`${id}-name`}>
          {dateLabel(date, locale)}
        </span>
      </div>
      <button aria-label={t('nextDay')} className="rl-booking__step" onClick={() => onDate(addCalendarDays(date, 1))} type="button">
        <span aria-hidden="true">›</span>
      </button>
    </div>
  )
}
