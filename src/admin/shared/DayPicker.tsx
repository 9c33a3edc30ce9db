'use client'
import { DatePicker } from '@payloadcms/ui'
import React from 'react'

import './day-picker.css'

/**
 * Payload's date picker for a calendar date `YYYY-MM-DD`. The picker works on Date objects and
 * hands back noon UTC of the picked day, which reads as that day in every zone; a date is
 * given to it the same way.
 */
export const DayPicker: React.FC<{ onChange: (date: string) => void; value: string }> = ({ onChange, value }) => (
  <div className="rl-day-picker">
    <DatePicker
      onChange={(picked) => picked && onChange(picked.toISOString().slice(0, 10))}
      pickerAppearance="dayOnly"
      value={`${value}T12:00:00.000Z`}
    />
  </div>
)
