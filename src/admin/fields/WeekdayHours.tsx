'use client'
import { Button, useForm } from '@payloadcms/ui'
import React, { useState } from 'react'

import { type Weekday, WEEKDAYS } from '../../time/weekdays.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import './weekday-hours.css'

const WORKING_WEEK: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri']
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/

const fieldState = (value: string) => ({ initialValue: value, valid: true, value })

/**
 * Above a schedule's recurring slots: the same hours for several weekdays at once (Monday to
 * Friday unless changed), added as one row per day, which the form then saves as usual.
 */
export const WeekdayHours: React.FC<{ path?: string }> = () => {
  const { t } = useReserveTranslation()
  const { addFieldRow, getDataByPath } = useForm()
  const [days, setDays] = useState<Set<Weekday>>(() => new Set(WORKING_WEEK))
  const [start, setStart] = useState('09:00')
  const [end, setEnd] = useState('17:00')
  // `24:00` closes at midnight, as the end field allows; HH:mm strings order like the times.
  const ready = days.size > 0 && HH_MM.test(start) && (HH_MM.test(end) || end === '24:00') && end > start

  const toggle = (day: Weekday) =>
    setDays((chosen) => {
      const next = new Set(chosen)
      if (!next.delete(day)) {
        next.add(day)
      }
      return next
    })

  const add = () => {
    // Rows go after the existing ones, in weekday order: the form's own count lags until it re-renders.
    const existing = (getDataByPath('recurringSlots') as unknown[] | undefined)?.length ?? 0
    WEEKDAYS.filter((weekday) => days.has(weekday)).forEach((day, index) => {
      addFieldRow({
        path: 'recurringSlots',
        rowIndex: existing + index,
        schemaPath: 'recurringSlots',
        subFieldState: { day: fieldState(day), endTime: fieldState(end), startTime: fieldState(start) },
      })
    })
  }

  return (
    <fieldset className="rl-weekday-hours">
      <legend className="rl-weekday-hours__title">{t('weekdayHours')}</legend>
      <div className="rl-weekday-hours__days">
        {WEEKDAYS.map((day) => (
          <label className="rl-weekday-hours__day" key={day}>
            <input checked={days.has(day)} onChange={() => toggle(day)} type="checkbox" />
            {t(`weekday_${day}`)}
          </label>
        ))}
      </div>
      <div className="rl-weekday-hours__times">
        <label className="rl-weekday-hours__time">
          {t('field_startTime')}
          <input onChange={(event) => setStart(event.target.value)} type="time" value={start} />
        </label>
        <label className="rl-weekday-hours__time">
          {t('field_endTime')}
          <input onChange={(event) => setEnd(event.target.value)} type="time" value={end} />
        </label>
        <Button buttonStyle="secondary" disabled={!ready} margin={false} onClick={add} size="small">
          {t('weekdayHoursAdd')}
        </Button>
      </div>
    </fieldset>
  )
}
