'use client'
import { Button } from '@payloadcms/ui'
import React from 'react'

import { addCalendarDays } from '../shared/calendar-dates.js'
import { DayPicker } from '../shared/DayPicker.js'
import { StepChevron } from '../shared/StepChevron.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

/** The slot picker's day: a day back, a date picked, a day on. */
export const SlotDayNav: React.FC<{ date: string; onDate: (date: string) => void }> = ({ date, onDate }) => {
  const { t } = useReserveTranslation()
  return (
    <div className="rl-slot-picker__dates">
      <Button
        aria-label={t('previousDay')}
        buttonStyle="subtle"
        margin={false}
        onClick={() => onDate(addCalendarDays(date, -1))}
        size="small"
      >
        <StepChevron step="previous" />
      </Button>
      <DayPicker onChange={onDate} showDate value={date} />
      <Button
        aria-label={t('nextDay')}
        buttonStyle="subtle"
        margin={false}
        onClick={() => onDate(addCalendarDays(date, 1))}
        size="small"
      >
        <StepChevron step="next" />
      </Button>
    </div>
  )
}
