'use client'
import { Button, useConfig } from '@payloadcms/ui'
import React from 'react'

import type { ResourceRecord } from '../../plugin/http/contract.js'
import type { CalendarNavigation } from './use-calendar-navigation.js'

import { AVAILABILITY_VIEW_PATH } from '../../plugin/http/contract.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { AsOfControl } from './AsOfControl.js'
import { calendarTitle } from './calendar-title.js'
import { DateStepper } from './DateStepper.js'
import { ModeSwitch } from './ModeSwitch.js'
import { ResourceFilter } from './ResourceFilter.js'
import './calendar-toolbar.css'

interface Props {
  /** The past instant shown; null for now. */
  asOf: null | number
  nav: CalendarNavigation
  /** Shows the calendar as of a past instant; null for users who may not (only privileged staff may). */
  onAsOf: ((at: number) => void) | null
  onCreate: (() => void) | null
  resources: null | ResourceRecord[]
  timezone: string
}

/** Switches between modes, pages through dates, narrows the calendar to one resource, and looks back to a past instant. */
export const CalendarToolbar: React.FC<Props> = ({ asOf, nav, onAsOf, onCreate, resources, timezone }) => {
  const { date, dates, mode, resource } = nav
  const { t } = useReserveTranslation()
  const format = useFormatters(timezone)
  const { config } = useConfig()
  const dated = mode !== 'pending' && mode !== 'list'
  const filtered = mode === 'month' || mode === 'week' || mode === 'day'

  return (
    <div className="rl-toolbar">
      <ModeSwitch mode={mode} onMode={nav.setMode} />
      {dated && (
        <DateStepper
          date={date}
          onDate={nav.setDate}
          onStep={nav.step}
          onToday={nav.today}
          title={calendarTitle(mode, date, dates, format)}
        />
      )}
      <div className="rl-toolbar__end">
        {filtered && <ResourceFilter onResource={nav.setResource} resource={resource} resources={resources} />}
        {dated && onAsOf && asOf === null && <AsOfControl onAsOf={onAsOf} timezone={timezone} />}
        <Button
          buttonStyle="secondary"
          el="link"
          margin={false}
          size="small"
          to={`${config.routes.admin}${AVAILABILITY_VIEW_PATH}`}
        >
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
