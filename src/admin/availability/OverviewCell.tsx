'use client'
import { useConfig } from '@payloadcms/ui'
import React from 'react'

import type { AdminSettings, ResourceRecord } from '../../contract/http.js'
import type { EpochAvailability } from '../shared/capacity.js'

import { loadOf } from '../shared/capacity.js'
import { dayBounds } from '../shared/calendar-dates.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

interface Props {
  /** The resource's availability; none when it could not be read. */
  availability: EpochAvailability | undefined
  date: string
  resource: ResourceRecord
  settings: AdminSettings
}

/**
 * A resource's day: its free and booked capacity, linking to that day's lanes in the calendar,
 * or that it does not work or is off.
 */
export const OverviewCell: React.FC<Props> = ({ availability, date, resource, settings }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const {
    config: {
      routes: { admin: adminRoute },
    },
  } = useConfig()
  if (!availability) {
    return <span className="rl-overview__unknown">—</span>
  }
  const day = dayBounds(date, settings.timezone)
  const load = loadOf(availability, day.start, day.end, Date.now())
  if (load.capacity === 0) {
    const off = availability.timeOff.find((range) => range.start < day.end && range.end > day.start)
    return (
      <span className={`rl-overview__state rl-overview__state--${off ? 'time-off' : 'closed'}`} title={off?.reason}>
        {off ? t('shadeTimeOff') : t('shadeClosed')}
      </span>
    )
  }
  const { free } = load
  return (
    <a
      aria-label={t('overviewCell', {
        date: format.dateLong(date),
        free: format.duration(free),
        resource: resource.name ?? '',
        used: format.duration(load.used),
      })}
      className="rl-overview__load"
      data-capacity={load.capacity}
      data-free={free}
      data-used={load.used}
      href={`${adminRoute}/collections/${settings.slugs.reservations}?view=lanes&date=${date}`}
    >
      <span className="rl-overview__bar">
        <span className="rl-overview__bar-fill" style={{ inlineSize: `${(load.used / load.capacity) * 100}%` }} />
      </span>
      <span className="rl-overview__free">{t('freeAmount', { amount: format.duration(free) })}</span>
      <span className="rl-overview__used">{t('usedAmount', { amount: format.duration(load.used) })}</span>
    </a>
  )
}
