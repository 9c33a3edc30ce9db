'use client'
import React from 'react'

import type { AdminSettings, ReservationRecord, ResourceRecord } from '../../contract/http.js'
import type { EpochAvailability } from '../shared/capacity.js'
import type { BookAt } from './book-at.js'
import type { DatedMode } from './modes.js'
import type { MoveReservation } from './use-move-reservation.js'

import { DaysGrid } from './DaysGrid.js'
import { LanesGrid } from './LanesGrid.js'
import { MonthView } from './MonthView.js'

interface Props {
  /** By resource id, for the resources shown; null while loading. */
  availability: Map<string, EpochAvailability> | null
  /** The one resource shown, when narrowed to one. */
  chosen: null | ResourceRecord
  date: string
  dates: string[]
  /** The availability of every shown resource; null while loading. */
  every: EpochAvailability[] | null
  mode: DatedMode
  onBook: BookAt | null
  onDay: (date: string) => void
  /** Moves a dragged reservation; null where nothing may move (as of the past). */
  onMove: MoveReservation | null
  onOpen: (reservation: ReservationRecord) => void
  reservations: ReservationRecord[]
  resources: ResourceRecord[]
  settings: AdminSettings
}

/** The loaded page laid out by mode: a month of days, resource lanes, or a week's or a day's hours. */
export const CalendarBody: React.FC<Props> = (props) => {
  const { availability, chosen, date, dates, every, mode, onBook, onDay, onMove, onOpen } = props
  const { reservations, resources, settings } = props
  return (
    <div className="rl-calendar__body" data-loading={availability === null ? 'availability' : undefined}>
      {mode === 'month' && (
        <MonthView
          availability={every}
          dates={dates}
          month={date}
          onDay={onDay}
          onOpen={onOpen}
          reservations={reservations}
          settings={settings}
        />
      )}
      {mode === 'lanes' && (
        <LanesGrid
          availability={availability}
          date={date}
          onBook={onBook}
          onMove={onMove}
          onOpen={onOpen}
          reservations={reservations}
          resources={resources}
          settings={settings}
        />
      )}
      {(mode === 'week' || mode === 'day') && (
        <DaysGrid
          availability={availability}
          chosen={chosen}
          dates={dates}
          every={every}
          mode={mode}
          onBook={onBook}
          onDay={onDay}
          onMove={onMove}
          onOpen={onOpen}
          reservations={reservations}
          resources={resources}
          settings={settings}
        />
      )}
    </div>
  )
}
