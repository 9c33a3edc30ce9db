'use client'
import { Button } from '@payloadcms/ui'
import React from 'react'

import { DayPicker } from '../shared/DayPicker.js'
import { StepChevron } from '../shared/StepChevron.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

interface Props {
  date: string
  onDate: (date: string) => void
  onStep: (direction: -1 | 1) => void
  onToday: () => void
  /** Heading of the page shown: the month, the week's dates or the day. */
  title: string
}

/** Pages back and forth, back to today, or to a date picked; with the page's heading. */
export const DateStepper: React.FC<Props> = ({ date, onDate, onStep, onToday, title }) => {
  const { t } = useReserveTranslation()
  return (
    <div className="rl-toolbar__dates">
      <Button
        aria-label={t('previous')}
        buttonStyle="secondary"
        className="rl-toolbar__step"
        margin={false}
        onClick={() => onStep(-1)}
        size="small"
      >
        <StepChevron step="previous" />
      </Button>
      <Button buttonStyle="secondary" margin={false} onClick={onToday} size="small">
        {t('today')}
      </Button>
      <Button
        aria-label={t('next')}
        buttonStyle="secondary"
        className="rl-toolbar__step"
        margin={false}
        onClick={() => onStep(1)}
        size="small"
      >
        <StepChevron step="next" />
      </Button>
      <h2 className="rl-toolbar__title">{title}</h2>
      <DayPicker onChange={onDate} value={date} />
    </div>
  )
}
