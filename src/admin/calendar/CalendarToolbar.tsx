'use client'
import { Button, ReactSelect } from '@payloadcms/ui'
import React from 'react'

import type { ResourceRecord } from '../../plugin/http/contract.js'

import { DayPicker } from '../shared/DayPicker.js'
import { StepChevron } from '../shared/StepChevron.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { CALENDAR_MODES, type CalendarMode } from './modes.js'
import './calendar-toolbar.css'

const ALL_RESOURCES = ''

interface Props {
  date: string
  mode: CalendarMode
  onCreate: (() => void) | null
  onDate: (date: string) => void
  onMode: (mode: CalendarMode) => void
  onResource: (resourceId: null | string) => void
  onStep: (direction: -1 | 1) => void
  onToday: () => void
  overviewURL: string
  resource: null | string
  resources: null | ResourceRecord[]
  /** Heading of the page shown: the month, the week's dates or the day. */
  title: string
}

/** Switches between modes, pages through dates and narrows the calendar to one resource. */
export const CalendarToolbar: React.FC<Props> = (props) => {
  const { date, mode, onCreate, onDate, onMode, onResource, onStep, onToday, overviewURL, resource, resources, title } =
    props
  const { t } = useReserveTranslation()
  const dated = mode !== 'pending' && mode !== 'list'
  const filtered = mode === 'month' || mode === 'week' || mode === 'day'
  const options = [
    { label: t('allResources'), value: ALL_RESOURCES },
    ...(resources ?? []).map((one) => ({ label: one.name ?? String(one.id), value: String(one.id) })),
  ]

  return (
    <div className="rl-toolbar">
      <div aria-label={t('viewMode')} className="rl-toolbar__modes" role="group">
        {CALENDAR_MODES.map((one) => (
          <button
            aria-pressed={one === mode}
            className="rl-toolbar__mode"
            data-mode={one}
            key={one}
            onClick={() => onMode(one)}
            type="button"
          >
            {t(`mode_${one}`)}
          </button>
        ))}
      </div>
      {dated && (
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
      )}
      <div className="rl-toolbar__end">
        {filtered && (
          <div className="rl-toolbar__resource">
            <ReactSelect
              isClearable={false}
              isSearchable={options.length > 8}
              onChange={(picked) => {
                const value = Array.isArray(picked) ? picked[0]?.value : picked?.value
                onResource(typeof value === 'string' && value !== ALL_RESOURCES ? value : null)
              }}
              options={options}
              value={options.find((option) => option.value === (resource ?? ALL_RESOURCES))}
            />
          </div>
        )}
        <Button buttonStyle="secondary" el="link" margin={false} size="small" to={overviewURL}>
          {t('availabilityOverview')}
        </Button>
        {onCreate && (
          <Button buttonStyle="primary" icon="plus" margin={false} onClick={onCreate} size="small">
            {t('newReservation')}
          </Button>
        )}
      </div>
    </div>
  )
}
