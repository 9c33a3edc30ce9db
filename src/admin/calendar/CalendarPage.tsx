'use client'
import { DefaultListView, Gutter } from '@payloadcms/ui'
import React from 'react'

import type { ReservationsCalendarProps } from './calendar-props.js'

import { useResources } from '../shared/use-resources.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { CalendarContent } from './CalendarContent.js'
import { CalendarDrawers } from './CalendarDrawers.js'
import { CalendarToolbar } from './CalendarToolbar.js'
import { useCalendarDrawers } from './use-calendar-drawers.js'
import { useCalendarNavigation } from './use-calendar-navigation.js'
import { useCollectionLabel } from './use-collection-label.js'
import './reservations-calendar.css'

/** The calendar in its modes, with the toolbar above and the drawers it opens. */
export const CalendarPage: React.FC<ReservationsCalendarProps> = (props) => {
  const { initialDate, initialMode, initialResource, settings, ...listProps } = props
  const { hasCreatePermission } = listProps
  const { t } = useReserveTranslation()
  const nav = useCalendarNavigation(
    { date: initialDate, mode: initialMode, resource: initialResource },
    settings.timezone,
  )
  const { mode } = nav
  const drawers = useCalendarDrawers(settings)
  const { resources } = useResources(settings)
  const plural = useCollectionLabel(settings.slugs.reservations)

  const toolbar = (
    <CalendarToolbar
      nav={nav}
      // The table has Payload's own create button.
      onCreate={hasCreatePermission && mode !== 'list' ? () => drawers.book(null, null) : null}
      resources={resources}
      timezone={settings.timezone}
    />
  )

  if (mode === 'list') {
    return (
      <div className="rl-calendar" data-mode={mode}>
        <Gutter className="rl-calendar__list-toolbar">{toolbar}</Gutter>
        <DefaultListView {...listProps} />
        <CalendarDrawers drawers={drawers} settings={settings} />
      </div>
    )
  }

  return (
    <div className="rl-calendar" data-mode={mode}>
      <Gutter>
        <header className="rl-calendar__header">
          <h1 className="rl-calendar__heading">{plural}</h1>
          <p className="rl-calendar__zone">{t('timesIn', { zone: settings.timezone })}</p>
        </header>
        {toolbar}
        <CalendarContent
          drawers={drawers}
          mayCreate={hasCreatePermission}
          nav={nav}
          resources={resources}
          settings={settings}
        />
        <CalendarDrawers drawers={drawers} settings={settings} />
      </Gutter>
    </div>
  )
}
