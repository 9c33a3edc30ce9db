'use client'
import React, { useRef } from 'react'

import type { AdminSettings, ReservationRecord } from '../../contract/http.js'
import type { BookAt } from './book-at.js'
import type { GridColumn } from './grid-column.js'
import type { MoveReservation } from './use-move-reservation.js'

import { coversDay } from '../shared/covers-day.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { AllDayRow } from './AllDayRow.js'
import { GridChangeContext } from './grid-change-context.js'
import { MIN_CELL_MINUTES, PX_PER_MINUTE } from './grid-scale.js'
import { HourAxis } from './HourAxis.js'
import { timeAxisOf } from './time-axis.js'
import { TimeGridColumn } from './TimeGridColumn.js'
import { useGridChange } from './use-grid-change.js'
import './shading.css'
import './time-grid.css'

interface Props {
  columns: GridColumn[]
  /** Null when the admin may not create reservations: the grid then has no booking cells. */
  onBook: BookAt | null
  /** Moves a dragged reservation; null where nothing may move (as of the past). */
  onMove: MoveReservation | null
  onOpen: (reservation: ReservationRecord) => void
  settings: AdminSettings
}

/**
 * Columns of time, top to bottom: a week's days, one day, or one lane per resource. Under the
 * reservations lies the availability shading; between them, cells that book a click's time.
 */
export const TimeGrid: React.FC<Props> = ({ columns, onBook, onMove, onOpen, settings }) => {
  const { timezone } = settings
  const axis = timeAxisOf(columns, timezone)
  const height = (axis.end - axis.start) * PX_PER_MINUTE
  const hours = Array.from({ length: (axis.end - axis.start) / 60 }, (_, index) => axis.start + index * 60)
  const now = Date.now()
  const allDay = columns.map((column) => column.reservations.filter((r) => coversDay(r, column.date, timezone)))
  const hasAllDay = allDay.some((list) => list.length > 0)
  const { t } = useReserveTranslation()
  const body = useRef<HTMLDivElement | null>(null)
  const stepMinutes = Math.max(settings.slotInterval, MIN_CELL_MINUTES)
  const { announcement, change } = useGridChange({ axis, columns, container: body, onMove, settings, stepMinutes })

  return (
    <GridChangeContext.Provider value={change}>
      <div className="rl-grid" style={{ '--rl-columns': columns.length } as React.CSSProperties}>
        <div className="rl-grid__row rl-grid__row--head">
          <div className="rl-grid__corner" />
          {columns.map((column) => (
            <div
              aria-current={column.today ? 'date' : undefined}
              className={`rl-grid__head${column.today ? ' rl-grid__head--today' : ''}`}
              key={column.key}
            >
              {column.header}
            </div>
          ))}
        </div>
        {hasAllDay && <AllDayRow allDay={allDay} columns={columns} onOpen={onOpen} settings={settings} />}
        <div className="rl-grid__row rl-grid__row--body" ref={body} style={{ height }}>
          <HourAxis axis={axis} date={columns[0]?.date} hours={hours} timezone={timezone} />
          {columns.map((column, index) => (
            <TimeGridColumn
              allDay={allDay[index]}
              axis={axis}
              column={column}
              hours={hours}
              index={index}
              key={column.key}
              now={now}
              onBook={onBook}
              onMove={onMove}
              onOpen={onOpen}
              settings={settings}
            />
          ))}
        </div>
        {change && (
          <>
            <p className="rl-grid__hidden" id={change.hintId}>
              {t('keyboardMoveHint')}
            </p>
            <p aria-live="polite" className="rl-grid__hidden" role="status">
              {announcement}
            </p>
          </>
        )}
      </div>
    </GridChangeContext.Provider>
  )
}
