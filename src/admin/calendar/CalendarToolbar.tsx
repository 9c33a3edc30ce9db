'use client'
import React from 'react'

import type { ResourceRecord } from '../../contract/http.js'
import type { CalendarNavigation } from './use-calendar-navigation.js'

import { useFormatters } from '../shared/use-formatters.js'
import { calendarTitle } from './calendar-title.js'
import { DateStepper } from './DateStepper.js'
import { ModeSwitch } from './ModeSwitch.js'
import { ResourceFilter } from './ResourceFilter.js'
import './calendar-toolbar.css'

interface Props {
  nav: CalendarNavigation
  resources: null | ResourceRecord[]
  timezone: string
}

/**
 * Switches between modes, pages through dates and narrows the calendar to one resource. On one
 * row, as tall whatever the mode shows in it: the page's other actions sit in its header.
 */
export const CalendarToolbar: React.FC<Props> = ({ nav, resources, timezone }) => {
  const { date, dates, mode, resource } = nav
  const format = useFormatters(timezone)
  const dated = mode !== 'pending' && mode !== 'list'
  const filtered = mode === 'month' || mode === 'week' || mode === 'day'

  return (
    <div className="rl-toolbar">
      <ModeSwitch mode={mode} narrow={nav.narrow} onMode={nav.setMode} />
      {dated && (
        <DateStepper
          date={date}
          onDate={nav.setDate}
          onStep={nav.step}
          onToday={nav.today}
          title={calendarTitle(mode, date, dates, format)}
        />
      )}
      {filtered && (
        <div className="rl-toolbar__end">
          <ResourceFilter onResource={nav.setResource} resource={resource} resources={resources} />
        </div>
      )}
    </div>
  )
}
