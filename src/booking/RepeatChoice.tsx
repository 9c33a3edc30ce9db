'use client'
import React, { useId } from 'react'

import { useBookingLanguage } from './booking-texts-context.js'
import { type Repeat, REPEAT_COUNTS } from './repeat.js'

/** Whether the picked time is booked once or as a weekly series, and how many appointments it has. */
export const RepeatChoice: React.FC<{ onRepeat: (repeat: null | Repeat) => void; repeat: null | Repeat }> = ({ onRepeat, repeat }) => {
  const { t } = useBookingLanguage()
  const id = useId()
  return (
    <div className="rl-booking__repeat">
      <div className="rl-booking__field">
        <label className="rl-booking__label" htmlFor={`${id}-every`}>
          {t('repeat')}
        </label>
        <select
          id={`${id}-every`}
          onChange={(event) => {
            const interval = Number(event.target.value)
            onRepeat(interval === 1 || interval === 2 ? { count: repeat?.count ?? REPEAT_COUNTS[2], interval } : null)
          }}
          value={repeat?.interval ?? 0}
        >
          <option value={0}>{t('repeatNever')}</option>
          <option value={1}>{t('repeatWeekly')}</option>
          <option value={2}>{t('repeatFortnightly')}</option>
        </select>
      </div>
      {repeat && (
        <div className="rl-booking__field">
          <label className="rl-booking__label" htmlFor={`${id}-count`}>
            {t('repeatCount')}
          </label>
          <select id={`${id}-count`} onChange={(event) => onRepeat({ ...repeat, count: Number(event.target.value) })} value={repeat.count}>
            {REPEAT_COUNTS.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  )
}
