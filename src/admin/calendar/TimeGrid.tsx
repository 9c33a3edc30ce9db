'use client'
import React from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'
import type { EpochAvailability, Shade } from '../shared/capacity.js'
import type { ReservationRecord, ResourceRecord } from '../../plugin/http/contract.js'

import { shadesOf } from '../shared/capacity.js'
import { zonedEpoch } from '../shared/calendar-dates.js'
import { coversDay } from '../shared/covers-day.js'
import { useFormatters } from '../shared/use-formatters.js'
import { type ReserveT, useReserveTranslation } from '../shared/use-reserve-translation.js'
import { overlapLanes } from './overlap-lanes.js'
import { ReservationBlock } from './ReservationBlock.js'
import { timeAxisOf } from './time-axis.js'
import './shading.css'
import './time-grid.css'

/** Height of one minute: an hour is 72 px, enough for two lines in a 30-minute booking. */
const PX_PER_MINUTE = 1.2
/** Clickable cells are never shorter than this, whatever the slot interval. */
const MIN_CELL_MINUTES = 15

export interface GridColumn {
  /** Null while loading, or when the column shows several resources without one schedule. */
  availability: EpochAvailability | null
  date: string
  header: React.ReactNode
  key: string
  reservations: ReservationRecord[]
  /** The resource a click books; null when the column shows all resources. */
  resource: null | ResourceRecord
}

interface Props {
  columns: GridColumn[]
  /** Null when the admin may not create reservations: the grid then has no booking cells. */
  onBook: ((start: string, resource: null | ResourceRecord) => void) | null
  onOpen: (reservation: ReservationRecord) => void
  settings: AdminSettings
}

const shadeTitle = (shade: Shade, t: ReserveT): string => {
  const labels: Record<Shade['kind'], string> = {
    closed: t('shadeClosed'),
    free: t('shadeFree'),
    full: t('shadeFull'),
    partial: t('shadePartial'),
    'time-off': shade.reason ? `${t('shadeTimeOff')}: ${shade.reason}` : t('shadeTimeOff'),
  }
  return shade.poolFull ? `${labels[shade.kind]} · ${t('shadePoolFull')}` : labels[shade.kind]
}

/**
 * Columns of time, top to bottom: a week's days, one day, or one lane per resource. Under the
 * reservations lies the availability shading; between them, cells that book a click's time.
 */
export const TimeGrid: React.FC<Props> = ({ columns, onBook, onOpen, settings }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const { timezone } = settings
  const axis = timeAxisOf(columns, timezone)
  const height = (axis.end - axis.start) * PX_PER_MINUTE
  const cellMinutes = Math.max(settings.slotInterval, MIN_CELL_MINUTES)
  const hours = Array.from({ length: (axis.end - axis.start) / 60 }, (_, index) => axis.start + index * 60)
  const now = Date.now()
  const allDay = columns.map((column) => column.reservations.filter((r) => coversDay(r, column.date, timezone)))
  const hasAllDay = allDay.some((list) => list.length > 0)
  const labelDate = columns[0]?.date

  return (
    <div className="rl-grid" style={{ '--rl-columns': columns.length } as React.CSSProperties}>
      <div className="rl-grid__row rl-grid__row--head">
        <div className="rl-grid__corner" />
        {columns.map((column) => (
          <div className="rl-grid__head" key={column.key}>
            {column.header}
          </div>
        ))}
      </div>
      {hasAllDay && (
        <div className="rl-grid__row rl-grid__row--all-day">
          <div className="rl-grid__corner rl-grid__corner--label">{t('allDay')}</div>
          {columns.map((column, index) => (
            <div className="rl-grid__all-day" key={column.key}>
              {allDay[index].map((reservation) => (
                <ReservationBlock
                  key={reservation.id}
                  layout="all-day"
                  onOpen={onOpen}
                  reservation={reservation}
                  settings={settings}
                />
              ))}
            </div>
          ))}
        </div>
      )}
      <div className="rl-grid__row rl-grid__row--body" style={{ height }}>
        <div aria-hidden className="rl-grid__axis">
          {labelDate &&
            hours.map((minute) => (
              <span className="rl-grid__hour-label" key={minute} style={{ top: (minute - axis.start) * PX_PER_MINUTE }}>
                {format.time(zonedEpoch(labelDate, minute, timezone))}
              </span>
            ))}
        </div>
        {columns.map((column, index) => {
          const top = zonedEpoch(column.date, axis.start, timezone)
          const bottom = zonedEpoch(column.date, axis.end, timezone)
          const offset = (epoch: number) => ((epoch - top) / 60_000) * PX_PER_MINUTE
          const timed = column.reservations.filter((reservation) => !allDay[index].includes(reservation))
          const blocks = timed.map((reservation) => {
            const start = Math.max(top, Date.parse(reservation.startTime))
            const end = Math.min(
              bottom,
              reservation.endTime ? Date.parse(reservation.endTime) : start + cellMinutes * 60_000,
            )
            return { end: Math.max(end, start + MIN_CELL_MINUTES * 60_000), id: reservation.id, reservation, start }
          })
          const lanes = overlapLanes(blocks)
          const cells = onBook
            ? Array.from({ length: Math.ceil((axis.end - axis.start) / cellMinutes) }, (_, cell) =>
                zonedEpoch(column.date, axis.start + cell * cellMinutes, timezone),
              )
            : []
          return (
            <div
              className="rl-grid__column"
              data-date={column.date}
              data-resource-id={column.resource ? String(column.resource.id) : undefined}
              key={column.key}
            >
              {column.availability === null && <div aria-hidden className="rl-shade rl-shade--unknown" />}
              {column.availability &&
                shadesOf(column.availability, top, bottom).map((shade) => (
                  <div
                    aria-hidden
                    className={`rl-shade rl-shade--${shade.kind}${shade.poolFull ? ' rl-shade--pool-full' : ''}`}
                    data-shade={shade.kind}
                    key={shade.start}
                    style={{ height: offset(shade.end) - offset(shade.start), top: offset(shade.start) }}
                    title={shadeTitle(shade, t)}
                  />
                ))}
              {hours.map((minute) => (
                <div
                  aria-hidden
                  className="rl-grid__hour-line"
                  key={minute}
                  style={{ top: (minute - axis.start) * PX_PER_MINUTE }}
                />
              ))}
              {onBook &&
                cells.map((start) => (
                  <button
                    aria-label={
                      column.resource?.name
                        ? t('bookResourceAt', { resource: column.resource.name, time: format.dateTime(start) })
                        : t('bookAt', { time: format.dateTime(start) })
                    }
                    className="rl-grid__cell"
                    data-start={new Date(start).toISOString()}
                    key={start}
                    onClick={() => onBook(new Date(start).toISOString(), column.resource)}
                    style={{ height: cellMinutes * PX_PER_MINUTE, top: offset(start) }}
                    tabIndex={-1}
                    type="button"
                  />
                ))}
              {blocks.map(({ end, id, reservation, start }) => {
                const placement = lanes.get(id) ?? { lane: 0, lanes: 1 }
                return (
                  <ReservationBlock
                    key={id}
                    // Under 45 minutes there is room for one line of text and a bit.
                    layout={end - start < 45 * 60_000 ? 'line' : 'full'}
                    onOpen={onOpen}
                    reservation={reservation}
                    settings={settings}
                    style={{
                      height: offset(end) - offset(start),
                      insetInlineStart: `${(placement.lane / placement.lanes) * 100}%`,
                      top: offset(start),
                      width: `${100 / placement.lanes}%`,
                    }}
                  />
                )
              })}
              {now >= top && now < bottom && <div aria-hidden className="rl-grid__now" style={{ top: offset(now) }} />}
            </div>
          )
        })}
      </div>
    </div>
  )
}
