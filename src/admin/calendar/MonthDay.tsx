'use client'
import React from 'react'

import type { AdminSettings, ReservationRecord } from '../../contract/http.js'
import type { CapacityLoad } from '../shared/capacity.js'
import type { ExternalSpan } from '../shared/external-busy.js'

import { isWeekend } from '../shared/calendar-dates.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { ExternalMarker } from './ExternalMarker.js'
import { ReservationBlock } from './ReservationBlock.js'

/** Reservations listed in a day cell; the rest are counted and one click away. */
const SHOWN_PER_DAY = 3

interface Props {
  date: string
  /** The shown resources' time busy elsewhere that day. */
  external: ExternalSpan[]
  /** The reservations starting that day. */
  listed: ReservationRecord[]
  /** The shown resources' capacity that day; null while loading. */
  load: CapacityLoad | null
  /** The month being shown, as any of its dates. */
  month: string
  onDay: (date: string) => void
  onOpen: (reservation: ReservationRecord) => void
  settings: AdminSettings
  today: string
}

/**
 * A day of the month: its number, a mark when a resource is busy elsewhere, its first
 * reservations and a bar of the capacity taken.
 */
export const MonthDay: React.FC<Props> = (props) => {
  const { date, external, listed, load, month, onDay, onOpen, settings, today } = props
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const classes = [
    'rl-month__day',
    date.slice(0, 7) !== month.slice(0, 7) && 'rl-month__day--other-month',
    date === today && 'rl-month__day--today',
    isWeekend(date) && 'rl-month__day--weekend',
    load !== null && load.capacity === 0 && 'rl-month__day--closed',
  ]
  return (
    <div className={classes.filter(Boolean).join(' ')} data-date={date} role="gridcell">
      <button
        aria-label={t('showDay', { date: format.dateLong(date) })}
        className="rl-month__date"
        onClick={() => onDay(date)}
        type="button"
      >
        {format.dayNumber(date)}
      </button>
      <ExternalMarker spans={external} />
      <div className="rl-month__events">
        {listed.slice(0, SHOWN_PER_DAY).map((reservation) => (
          <ReservationBlock
            key={reservation.id}
            layout="line"
            onOpen={onOpen}
            reservation={reservation}
            settings={settings}
          />
        ))}
        {listed.length > SHOWN_PER_DAY && (
          <button className="rl-month__more" onClick={() => onDay(date)} type="button">
            {t('moreCount', { count: listed.length - SHOWN_PER_DAY })}
          </button>
        )}
      </div>
      {load && load.capacity > 0 && (
        <div
          className="rl-month__load"
          title={t('capacityUsed', { percent: format.percent(load.used / load.capacity) })}
        >
          <span className="rl-month__load-bar" style={{ inlineSize: `${(load.used / load.capacity) * 100}%` }} />
        </div>
      )}
    </div>
  )
}
