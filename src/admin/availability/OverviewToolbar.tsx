'use client'
import { Button } from '@payloadcms/ui'
import React from 'react'

import { addCalendarDays, todayIn } from '../shared/calendar-dates.js'
import { DayPicker } from '../shared/DayPicker.js'
import { StepChevron } from '../shared/StepChevron.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

/** The arrows page by one week. */
const PAGE_STEP = 7

interface Props {
  /** The days shown, the first being `first`. */
  dates: string[]
  first: string
  onFirst: (date: string) => void
  timezone: string
}

/** Pages through the days shown, back to today or to a date picked; with the range shown. */
export const OverviewToolbar: React.FC<Props> = ({ dates, first, onFirst, timezone }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(timezone)
  return (
    <div className="rl-overview__toolbar">
      <Button
        aria-label={t('previous')}
        buttonStyle="secondary"
        margin={false}
        onClick={() => onFirst(addCalendarDays(first, -PAGE_STEP))}
        size="small"
      >
        <StepChevron step="previous" />
      </Button>
      <Button buttonStyle="secondary" margin={false} onClick={() => onFirst(todayIn(timezone))} size="small">
        {t('today')}
      </Button>
      <Button
        aria-label={t('next')}
        buttonStyle="secondary"
        margin={false}
        onClick={() => onFirst(addCalendarDays(first, PAGE_STEP))}
        size="small"
      >
        <StepChevron step="next" />
      </Button>
      <h2 className="rl-overview__range">
        {format.shortDate(dates[0])} – {format.shortDate(dates[dates.length - 1])}
      </h2>
      <DayPicker onChange={onFirst} value={first} />
    </div>
  )
}
