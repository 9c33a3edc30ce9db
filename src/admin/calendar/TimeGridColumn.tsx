'use client'
import { useAuth } from '@payloadcms/ui'
import React, { useContext, useEffect, useState } from 'react'

import type { AdminSettings, ReservationRecord } from '../../contract/http.js'
import type { BookAt } from './book-at.js'
import type { GridColumn } from './grid-column.js'
import type { TimeAxis } from './time-axis.js'
import type { MoveReservation } from './use-move-reservation.js'

import { zonedEpoch } from '../shared/calendar-dates.js'
import { mayBookAt } from '../shared/may-book.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { AvailabilityShades } from './AvailabilityShades.js'
import { BlockGhost } from './BlockGhost.js'
import { blockSpans } from './block-spans.js'
import { BookingCells } from './BookingCells.js'
import { carriesReservation, draggedService, droppedReservation } from './drag-data.js'
import { ExternalBlocks } from './ExternalBlocks.js'
import { GridChangeContext } from './grid-change-context.js'
import { HoldBlocks } from './HoldBlocks.js'
import { laneRefusal, movedServiceOf } from './lane-refusal.js'
import { MIN_CELL_MINUTES, offsetBelow, PX_PER_MINUTE } from './grid-scale.js'
import { TimedBlocks } from './TimedBlocks.js'

interface Props {
  /** The column's reservations lasting its whole day, shown in the all-day row instead. */
  allDay: ReservationRecord[]
  axis: TimeAxis
  column: GridColumn
  hours: number[]
  /** The column's place in the grid, left to right in reading order. */
  index: number
  now: number
  onBook: BookAt | null
  /** Moves a reservation dropped here; null where nothing may move. */
  onMove: MoveReservation | null
  onOpen: (reservation: ReservationRecord) => void
  settings: AdminSettings
}

/** One column of the grid's hours: shading, hour lines, booking cells, holds, time busy elsewhere, reservations, now. */
export const TimeGridColumn: React.FC<Props> = (props) => {
  const { allDay, axis, column, hours, index, now, onBook, onMove, onOpen, settings } = props
  const { timezone } = settings
  const top = zonedEpoch(column.date, axis.start, timezone)
  const bottom = zonedEpoch(column.date, axis.end, timezone)
  const offset = offsetBelow(top)
  const cellMinutes = Math.max(settings.slotInterval, MIN_CELL_MINUTES)
  const timed = column.reservations.filter((reservation) => !allDay.includes(reservation))
  const { user } = useAuth()
  const { t } = useReserveTranslation()
  const pending = useContext(GridChangeContext)?.pending
  // A booking dragged over a lane whose resource does not offer its service: said, and not taken.
  const [refusedDrop, setRefusedDrop] = useState<null | string>(null)
  useEffect(() => {
    if (refusedDrop === null) {
      return
    }
    // Let go over this lane, the drop goes nowhere; the drag still ends.
    const clear = () => setRefusedDrop(null)
    document.addEventListener('dragend', clear)
    document.addEventListener('drop', clear)
    return () => {
      document.removeEventListener('dragend', clear)
      document.removeEventListener('drop', clear)
    }
  }, [refusedDrop])
  const pendingHere = pending && pending.column === index ? pending : null
  const pendingRefusal = pendingHere && laneRefusal(column.resource, movedServiceOf(pendingHere.reservation), t)
  const refusal = refusedDrop ?? pendingRefusal
  const mayBook = (start: number) => mayBookAt(user, settings.roleRules, { now, resource: column.resource, start })
  // Another's lane in owner mode: nothing in it is the user's to book, at any time.
  const closed = onBook !== null && !mayBook(Number.POSITIVE_INFINITY)
  // A block dropped here starts where its top lands, to the booking cell; the ledger decides.
  const dragOver = (event: React.DragEvent<HTMLDivElement>) => {
    if (!carriesReservation(event)) {
      return
    }
    const refused = laneRefusal(column.resource, draggedService(event), t)
    setRefusedDrop(refused)
    // Not accepting the drag over is what shows the pointer as not-allowed and never drops.
    if (refused === null) {
      event.preventDefault()
    }
  }
  const dragLeave = (event: React.DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      setRefusedDrop(null)
    }
  }
  const drop = (event: React.DragEvent<HTMLDivElement>) => {
    const drag = droppedReservation(event)
    if (!drag || !onMove) {
      return
    }
    event.preventDefault()
    const blockTop = event.clientY - drag.grab - event.currentTarget.getBoundingClientRect().top
    const minutes = Math.round(blockTop / PX_PER_MINUTE / cellMinutes) * cellMinutes
    const start = zonedEpoch(column.date, axis.start + minutes, timezone)
    void onMove(drag.dragged, start, column.resource)
  }

  return (
    <div
      className="rl-grid__column"
      data-bookable={closed ? 'false' : undefined}
      data-column-index={index}
      data-date={column.date}
      data-drop={refusal ? 'refused' : undefined}
      data-resource-id={column.resource ? String(column.resource.id) : undefined}
      onDragLeave={onMove ? dragLeave : undefined}
      onDragOver={onMove ? dragOver : undefined}
      onDrop={onMove ? drop : undefined}
    >
      {column.availability === null && <div aria-hidden className="rl-shade rl-shade--unknown" />}
      {column.availability && (
        <AvailabilityShades availability={column.availability} bottom={bottom} offset={offset} top={top} />
      )}
      {hours.map((minute) => (
        <div
          aria-hidden
          className="rl-grid__hour-line"
          key={minute}
          style={{ top: (minute - axis.start) * PX_PER_MINUTE }}
        />
      ))}
      {onBook && (
        <BookingCells
          axis={axis}
          cellMinutes={cellMinutes}
          date={column.date}
          mayBook={mayBook}
          offset={offset}
          onBook={onBook}
          resource={column.resource}
          timezone={timezone}
        />
      )}
      {column.availability && (
        <HoldBlocks
          availability={column.availability}
          bottom={bottom}
          lane={column.resource}
          offset={offset}
          timezone={timezone}
          top={top}
        />
      )}
      {column.availability && (
        <ExternalBlocks
          availability={column.availability}
          bottom={bottom}
          offset={offset}
          timezone={timezone}
          top={top}
        />
      )}
      <TimedBlocks
        blocks={blockSpans(timed, top, bottom, cellMinutes)}
        column={index}
        offset={offset}
        onOpen={onOpen}
        settings={settings}
      />
      {pendingHere && (
        <BlockGhost bottom={bottom} change={pendingHere} offset={offset} refused={pendingRefusal !== null} timezone={timezone} top={top} />
      )}
      {/* Said to screen readers by the grid's announcement (a keyboard move); this is for the eye. */}
      {refusal && <p className="rl-grid__refusal">{refusal}</p>}
      {now >= top && now < bottom && <div aria-hidden className="rl-grid__now" style={{ top: offset(now) }} />}
    </div>
  )
}
