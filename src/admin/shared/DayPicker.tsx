'use client'
import { DatePicker } from '@payloadcms/ui'
import React from 'react'

import { useFormatters } from './use-formatters.js'
import './day-picker.css'

interface Props {
  onChange: (date: string) => void
  /** Shows the date beside the button; without, a heading next to it names the date. */
  showDate?: boolean
  value: string
}

/**
 * Payload's date picker for a calendar date `YYYY-MM-DD`, as a calendar button. The picker works
 * on Date objects and hands back noon UTC of the picked day, which reads as that day in every
 * zone; a date is given to it the same way. Its own text is date-fns's ("Nov. 23" in German),
 * so it is hidden, and the date, where shown, is written by Intl in the admin's language.
 */
export const DayPicker: React.FC<Props> = ({ onChange, showDate = false, value }) => {
  const format = useFormatters('UTC')
  return (
    <div className="rl-day-picker">
      {showDate && <span className="rl-day-picker__date">{format.shortDate(value)}</span>}
      <div className="rl-day-picker__button">
        <DatePicker
          onChange={(picked) => picked && onChange(picked.toISOString().slice(0, 10))}
          pickerAppearance="dayOnly"
          value={`${value}T12:00:00.000Z`}
        />
      </div>
    </div>
  )
}
