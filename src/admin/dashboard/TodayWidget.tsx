'use client'
import { useConfig } from '@payloadcms/ui'
import React from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { NextUpPanel } from './NextUpPanel.js'
import { StatusCountsPanel } from './StatusCountsPanel.js'
import { useToday } from './use-today.js'
import { UtilisationPanel } from './UtilisationPanel.js'
import { WaitlistPanel } from './WaitlistPanel.js'
import '../shared/stack-list.css'
import './today-widget.css'

/**
 * The dashboard's view of today: bookings starting today by status, the next bookings still to
 * come, how much of today's working capacity of all resources is booked, and who waits for time today.
 */
export const TodayWidget: React.FC<{ settings: AdminSettings }> = ({ settings }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const {
    config: {
      routes: { admin: adminRoute },
    },
  } = useConfig()
  const { day, load, today, todays, upcoming } = useToday(settings)
  const calendarURL = `${adminRoute}/collections/${settings.slugs.reservations}`

  return (
    <section aria-labelledby="rl-widget-title" className="rl-widget">
      <header className="rl-widget__header">
        <h2 className="rl-widget__title" id="rl-widget-title">
          {t('widgetTitle')}
        </h2>
        <span className="rl-widget__date">{format.dateLong(today)}</span>
        <a className="rl-widget__link" href={`${calendarURL}?view=day&date=${today}`}>
          {t('openCalendar')}
        </a>
      </header>
      <div className="rl-widget__panels">
        <StatusCountsPanel reservations={todays.reservations} settings={settings} />
        <UtilisationPanel load={load} timezone={settings.timezone} />
        <NextUpPanel collectionURL={calendarURL} reservations={upcoming.reservations} settings={settings} />
        <WaitlistPanel day={day} settings={settings} />
      </div>
    </section>
  )
}
