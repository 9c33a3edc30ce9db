'use client'
import React from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'
import type { EpochAvailability } from '../shared/capacity.js'
import type { ReservationRecord } from '../../plugin/http/contract.js'

import { loadOf, sumLoads } from '../shared/capacity.js'
import { dayBounds, isWeekend, localDateOf, todayIn } from '../shared/calendar-dates.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { ReservationBlock } from './ReservationBlock.js'
import './month-view.css'

/** Reservations listed in a day cell; the rest are counted and one click away. */
const SHOWN_PER_DAY = 3

interface Props {
  /** The shown resources' availability; null while loading. */
  availability: EpochAvailability[] | null
  dates: string[]
  /** The month being shown, as any of its dates. */
  month: string
  onDay: (date: string) => void
  onOpen: (reservation: ReservationRecord) => void
  reservations: ReservationRecord[]
  settings: AdminSettings
}

/**
 * Six weeks around a month. Each day lists its first reservations and shows how much of the
 * shown resources' capacity is taken; days nobody works are shaded.
 */
export const MonthView: React.FC<Props> = ({ availability, dates, month, onDay, onOpen, reservations, settings }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const today = todayIn(settings.timezone)
  const byDate = new Map<string, ReservationRecord[]>()
  for (const reservation of reservations) {
    const date = localDateOf(Date.parse(reservation.startTime), settings.timezone)
    byDate.set(date, [...(byDate.get(date) ?? []), reservation])
  }

  return (
    <div className="rl-month" role="grid">
      <div className="rl-month__weekdays" role="row">
        {dates.slice(0, 7).map((date) => (
          <div className="rl-month__weekday" key={date} role="columnheader">
            {format.weekday(date)}
          </div>
        ))}
      </div>
      {Array.from({ length: dates.length / 7 }, (_, week) => (
        <div className="rl-month__week" key={week} role="row">
          {dates.slice(week * 7, week * 7 + 7).map((date) => {
            const listed = byDate.get(date) ?? []
            const day = dayBounds(date, settings.timezone)
            const load = availability && sumLoads(availability.map((one) => loadOf(one, day.start, day.end)))
            const closed = load !== null && load.capacity === 0
            const classes = [
              'rl-month__day',
              date.slice(0, 7) !== month.slice(0, 7) && 'rl-month__day--other-month',
              date === today && 'rl-month__day--today',
              isWeekend(date) && 'rl-month__day--weekend',
              closed && 'rl-month__day--closed',
            ]
            return (
              <div className={classes.filter(Boolean).join(' ')} data-date={date} key={date} role="gridcell">
                <button
                  aria-label={t('showDay', { date: format.dateLong(date) })}
                  className="rl-month__date"
                  onClick={() => onDay(date)}
                  type="button"
                >
                  {format.dayNumber(date)}
                </button>
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
                    <span
                      className="rl-month__load-bar"
                      style={{ inlineSize: `${(load.used / load.capacity) * 100}%` }}
                    />
                  </div>
                )}
              </div>
            )
          })}
        </div>
      ))}
    </div>
  )
}
