'use client'
import { ShimmerEffect, useConfig } from '@payloadcms/ui'
import React, { useMemo, useState } from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'

import { loadOf, sumLoads } from '../shared/capacity.js'
import { dayBounds, todayIn } from '../shared/calendar-dates.js'
import { bookerLabel, relatedName } from '../shared/related.js'
import { statusLabel } from '../shared/status.js'
import { StatusPill } from '../shared/StatusPill.js'
import { useAvailability } from '../shared/use-availability.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReservations } from '../shared/use-reservations.js'
import { useResources } from '../shared/use-resources.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import './today-widget.css'

/** How many of the next bookings the widget lists. */
const UPCOMING = 5

/**
 * The dashboard's view of today: bookings starting today by status, the next bookings still to
 * come, and how much of today's working capacity of all resources is booked.
 */
export const TodayWidget: React.FC<{ settings: AdminSettings }> = ({ settings }) => {
  const { has, t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const {
    config: {
      routes: { admin: adminRoute },
    },
  } = useConfig()
  const [today] = useState(() => todayIn(settings.timezone))
  const [now] = useState(() => new Date().toISOString())
  const day = dayBounds(today, settings.timezone)
  const todayConditions = useMemo(
    () => [
      { startTime: { greater_than_equal: new Date(day.start).toISOString() } },
      { startTime: { less_than: new Date(day.end).toISOString() } },
    ],
    [day.end, day.start],
  )
  const upcomingConditions = useMemo(
    () => [{ startTime: { greater_than_equal: now } }, { status: { in: settings.statusMachine.blockingStatuses } }],
    [now, settings.statusMachine.blockingStatuses],
  )
  const todays = useReservations(settings, { conditions: todayConditions, refreshKey: 0 })
  const upcoming = useReservations(settings, { conditions: upcomingConditions, limit: UPCOMING, refreshKey: 0 })
  const { resources } = useResources(settings)
  const resourceIds = useMemo(() => (resources ?? []).map((one) => one.id), [resources])
  const availability = useAvailability(resourceIds, day.start, day.end, 0)
  const load = availability && sumLoads([...availability.values()].map((one) => loadOf(one, day.start, day.end)))
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
        <div className="rl-widget__panel">
          <h3 className="rl-widget__panel-title">{t('byStatus')}</h3>
          {todays.reservations === null ? (
            <ShimmerEffect height="4rem" />
          ) : (
            <ul className="rl-widget__statuses">
              <li className="rl-widget__status rl-widget__status--total" data-status-count="total">
                <span className="rl-widget__count">{todays.reservations.length}</span>
                <span className="rl-widget__status-label">{t('total')}</span>
              </li>
              {settings.statusMachine.statuses.map((status) => (
                <li className="rl-widget__status" data-status-count={status} key={status}>
                  <span className="rl-widget__count">
                    {todays.reservations?.filter((reservation) => reservation.status === status).length}
                  </span>
                  <span className="rl-widget__status-label">{statusLabel(status, t, has)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="rl-widget__panel">
          <h3 className="rl-widget__panel-title">{t('utilisation')}</h3>
          {load === null ? (
            <ShimmerEffect height="4rem" />
          ) : load.capacity === 0 ? (
            <p className="rl-widget__muted">{t('noCapacityToday')}</p>
          ) : (
            <div className="rl-widget__utilisation" data-capacity={load.capacity} data-used={load.used}>
              <span className="rl-widget__percent">{format.percent(load.used / load.capacity)}</span>
              <span aria-hidden className="rl-widget__bar">
                <span className="rl-widget__bar-fill" style={{ inlineSize: `${(load.used / load.capacity) * 100}%` }} />
              </span>
              <span className="rl-widget__muted">
                {t('usedOfCapacity', { capacity: format.hours(load.capacity), used: format.hours(load.used) })}
              </span>
            </div>
          )}
        </div>
        <div className="rl-widget__panel rl-widget__panel--wide">
          <h3 className="rl-widget__panel-title">{t('nextUp')}</h3>
          {upcoming.reservations === null ? (
            <ShimmerEffect height="4rem" />
          ) : upcoming.reservations.length === 0 ? (
            <p className="rl-widget__muted">{t('nothingUpcoming')}</p>
          ) : (
            <ol className="rl-widget__upcoming">
              {upcoming.reservations.map((reservation) => (
                <li className="rl-widget__next" data-reservation-id={reservation.id} key={reservation.id}>
                  <a href={`${calendarURL}/${encodeURIComponent(reservation.id)}`}>
                    <span className="rl-widget__when">{format.dateTime(reservation.startTime)}</span>
                    <span className="rl-widget__who">{bookerLabel(reservation) ?? t('noCustomer')}</span>
                    <span className="rl-widget__what">
                      {[relatedName(reservation.service), relatedName(reservation.resource)]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </a>
                  <StatusPill settings={settings} status={reservation.status} />
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </section>
  )
}
