'use client'
import { Banner, Button, ShimmerEffect, useConfig, useStepNav } from '@payloadcms/ui'
import React, { useEffect, useMemo, useState } from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'
import type { ResourceRecord } from '../../plugin/http/contract.js'

import { loadOf } from '../shared/capacity.js'
import { addCalendarDays, dayBounds, datesFrom, isWeekend, todayIn } from '../shared/calendar-dates.js'
import { useAvailability } from '../shared/use-availability.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useResources } from '../shared/use-resources.js'
import { DayPicker } from '../shared/DayPicker.js'
import { StepChevron } from '../shared/StepChevron.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import './availability-overview.css'

/** Two weeks fit a screen and show a fortnight's rhythm; the arrows page by one week. */
const DAYS_SHOWN = 14
const PAGE_STEP = 7

interface Props {
  initialDate: string
  settings: AdminSettings
}

/**
 * Resources by days: for each, how much working capacity is free and how much is booked, or
 * that the resource does not work or is off. A cell opens that day's lanes in the calendar.
 */
export const AvailabilityOverview: React.FC<Props> = ({ initialDate, settings }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const { setStepNav } = useStepNav()
  const {
    config: {
      routes: { admin: adminRoute },
    },
  } = useConfig()
  const [first, setFirst] = useState(initialDate)
  const { error, resources } = useResources(settings)
  const dates = useMemo(() => datesFrom(first, DAYS_SHOWN), [first])
  const from = dayBounds(dates[0], settings.timezone).start
  const to = dayBounds(dates[dates.length - 1], settings.timezone).end
  const ids = useMemo(() => (resources ?? []).map((one) => one.id), [resources])
  const availability = useAvailability(ids, from, to, 0)
  const title = t('availabilityOverview')
  useEffect(() => setStepNav([{ label: title }]), [setStepNav, title])
  // The first day shown stays in the address, so a reload or a shared link shows the same days.
  useEffect(() => {
    const url = new URL(window.location.href)
    url.searchParams.set('date', first)
    window.history.replaceState(window.history.state, '', url)
  }, [first])

  const calendarURL = (date: string) =>
    `${adminRoute}/collections/${settings.slugs.reservations}?view=lanes&date=${date}`

  const cell = (resource: ResourceRecord, date: string): React.ReactNode => {
    const one = availability?.get(String(resource.id))
    if (!one) {
      return <span className="rl-overview__unknown">—</span>
    }
    const day = dayBounds(date, settings.timezone)
    const load = loadOf(one, day.start, day.end)
    if (load.capacity === 0) {
      const off = one.timeOff.find((range) => range.start < day.end && range.end > day.start)
      return (
        <span className={`rl-overview__state rl-overview__state--${off ? 'time-off' : 'closed'}`} title={off?.reason}>
          {off ? t('shadeTimeOff') : t('shadeClosed')}
        </span>
      )
    }
    const free = load.capacity - load.used
    return (
      <a
        aria-label={t('overviewCell', {
          date: format.dateLong(date),
          free: format.hours(free),
          resource: resource.name ?? '',
          used: format.hours(load.used),
        })}
        className="rl-overview__load"
        data-capacity={load.capacity}
        data-used={load.used}
        href={calendarURL(date)}
      >
        <span className="rl-overview__bar">
          <span className="rl-overview__bar-fill" style={{ inlineSize: `${(load.used / load.capacity) * 100}%` }} />
        </span>
        <span className="rl-overview__free">{t('freeAmount', { amount: format.hours(free) })}</span>
        <span className="rl-overview__used">{t('usedAmount', { amount: format.hours(load.used) })}</span>
      </a>
    )
  }

  return (
    <div className="rl-overview">
      <header className="rl-overview__header">
        <h1 className="rl-overview__title">{title}</h1>
        <p className="rl-overview__zone">{t('timesIn', { zone: settings.timezone })}</p>
      </header>
      <div className="rl-overview__toolbar">
        <Button
          aria-label={t('previous')}
          buttonStyle="secondary"
          margin={false}
          onClick={() => setFirst(addCalendarDays(first, -PAGE_STEP))}
          size="small"
        >
          <StepChevron step="previous" />
        </Button>
        <Button
          buttonStyle="secondary"
          margin={false}
          onClick={() => setFirst(todayIn(settings.timezone))}
          size="small"
        >
          {t('today')}
        </Button>
        <Button
          aria-label={t('next')}
          buttonStyle="secondary"
          margin={false}
          onClick={() => setFirst(addCalendarDays(first, PAGE_STEP))}
          size="small"
        >
          <StepChevron step="next" />
        </Button>
        <h2 className="rl-overview__range">
          {format.shortDate(dates[0])} – {format.shortDate(dates[dates.length - 1])}
        </h2>
        <DayPicker onChange={setFirst} value={first} />
      </div>
      {error && <Banner type="error">{error}</Banner>}
      {!error && (resources === null || availability === null) && <ShimmerEffect height="20rem" />}
      {resources && availability && resources.length === 0 && <p>{t('noResources')}</p>}
      {resources && availability && resources.length > 0 && (
        <div className="rl-overview__scroll">
          <table className="rl-overview__table">
            <thead>
              <tr>
                <th scope="col">{t('resource')}</th>
                {dates.map((date) => (
                  <th className={isWeekend(date) ? 'rl-overview__weekend' : undefined} key={date} scope="col">
                    <span className="rl-overview__weekday">{format.weekday(date)}</span>
                    <span className="rl-overview__date">{format.shortDate(date)}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {resources.map((resource) => (
                <tr data-resource-id={String(resource.id)} key={String(resource.id)}>
                  <th scope="row">
                    <span className="rl-overview__name">{resource.name}</span>
                    {(resource.quantity ?? 1) > 1 && (
                      <span className="rl-overview__capacity">
                        {t(resource.capacityMode === 'per-guest' ? 'seatsCount' : 'unitsCount', {
                          count: resource.quantity ?? 1,
                        })}
                      </span>
                    )}
                  </th>
                  {dates.map((date) => (
                    <td className={isWeekend(date) ? 'rl-overview__weekend' : undefined} data-date={date} key={date}>
                      {cell(resource, date)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="rl-overview__note">{t('overviewNote')}</p>
    </div>
  )
}
