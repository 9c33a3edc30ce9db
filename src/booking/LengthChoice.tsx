'use client'
import React, { useId } from 'react'

import { useBookingLanguage } from './booking-texts-context.js'
import { lengthLabel } from './lengths.js'

/** How long a flexible service is booked for: one of the lengths the server offers, in minutes. */
export const LengthChoice: React.FC<{
  length: number
  lengths: readonly number[]
  onLength: (minutes: number) => void
}> = ({ length, lengths, onLength }) => {
  const { locale, t } = useBookingLanguage()
  const id = useId()
  return (
    <div className="rl-booking__field rl-booking__length">
      <label className="rl-booking__label" htmlFor={id}>
        {t('length')}
      </label>
      <select id={id} onChange={(event) => onLength(Number(event.target.value))} value={length}>
        {lengths.map((minutes) => (
          <option key={minutes} value={minutes}>
            {lengthLabel(minutes, locale)}
          </option>
        ))}
      </select>
    </div>
  )
}
