'use client'
import React from 'react'

import type { ResourceRecord } from '../../contract/http.js'
import type { BookAt } from './book-at.js'
import type { Offset } from './grid-scale.js'
import type { TimeAxis } from './time-axis.js'

import { zonedEpoch } from '../shared/calendar-dates.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { PX_PER_MINUTE } from './grid-scale.js'

interface Props {
  axis: TimeAxis
  cellMinutes: number
  date: string
  /** Whether a click at this start would book what the server accepts; other cells are left out. */
  mayBook: (start: number) => boolean
  offset: Offset
  onBook: BookAt
  resource: null | ResourceRecord
  timezone: string
}

/**
 * The invisible buttons behind a column's reservations: a click books the cell's start, in a
 * popover anchored at the cell. Only where the booking would be accepted: a time the user may
 * not book has nothing to click.
 */
export const BookingCells: React.FC<Props> = (props) => {
  const { axis, cellMinutes, date, mayBook, offset, onBook, resource, timezone } = props
  const { t } = useReserveTranslation()
  const format = useFormatters(timezone)
  const cells = Array.from({ length: Math.ceil((axis.end - axis.start) / cellMinutes) }, (_, cell) =>
    zonedEpoch(date, axis.start + cell * cellMinutes, timezone),
  ).filter(mayBook)
  return cells.map((start) => (
    <button
      aria-label={
        resource?.name
          ? t('bookResourceAt', { resource: resource.name, time: format.dateTime(start) })
          : t('bookAt', { time: format.dateTime(start) })
      }
      className="rl-grid__cell"
      data-start={new Date(start).toISOString()}
      key={start}
      onClick={(event) => onBook(new Date(start).toISOString(), resource, event.currentTarget)}
      style={{ height: cellMinutes * PX_PER_MINUTE, top: offset(start) }}
      tabIndex={-1}
      type="button"
    />
  ))
}
