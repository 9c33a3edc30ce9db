'use client'
import React from 'react'

import type { AdminSettings, ReservationRecord, ResourceRecord } from '../../contract/http.js'
import type { EpochAvailability } from '../shared/capacity.js'
import type { BookAt } from './book-at.js'
import type { GridColumn } from './grid-column.js'
import type { MoveReservation } from './use-move-reservation.js'

import { dayBounds, todayIn } from '../shared/calendar-dates.js'
import { holdsOf, workingHoursOf } from '../shared/capacity.js'
import { useFormatters } from '../shared/use-formatters.js'
import { overlapsDay } from './overlaps-day.js'
import { TimeGrid } from './TimeGrid.js'

interface Props {
  /** By resource id; null while loading. */
  availability: Map<string, EpochAvailability> | null
  /** The resource a click books; null when all are shown. */
  chosen: null | ResourceRecord
  dates: string[]
  /** The availability of every shown resource; null while loading. */
  every: EpochAvailability[] | null
  mode: 'day' | 'week'
  onBook: BookAt | null
  onDay: (date: string) => void
  /** Moves a dragged reservation; null where nothing may move (as of the past). */
  onMove: MoveReservation | null
  onOpen: (reservation: ReservationRecord) => void
  reservations: ReservationRecord[]
  /** The resources shown: with all of them, each one's holds are named by it. */
  resources: ResourceRecord[]
  settings: AdminSettings
}

/** A week or a day with a column per date; a week's headings open their day. */
export const DaysGrid: React.FC<Props> = (props) => {
  const { availability, chosen, dates, every, mode, onBook, onDay, onMove, onOpen, reservations, resources, settings } = props
  const format = useFormatters(settings.timezone)
  // The chosen resource's own shading, else when anyone works at all, with everyone's holds: a
  // hold is a customer at checkout, news to whoever looks at the week.
  const shading = chosen
    ? (availability?.get(String(chosen.id)) ?? null)
    : availability && every && every.length > 0
      ? { ...workingHoursOf(every), holds: holdsOf(resources, availability) }
      : null
  const today = todayIn(settings.timezone)
  const columns: GridColumn[] = dates.map((day) => ({
    availability: shading,
    date: day,
    header:
      mode === 'week' ? (
        <button className="rl-calendar__day-link" onClick={() => onDay(day)} type="button">
          {format.dayHeader(day)}
        </button>
      ) : (
        format.dateLong(day)
      ),
    key: day,
    reservations: reservations.filter((reservation) => overlapsDay(reservation, dayBounds(day, settings.timezone))),
    resource: chosen,
    today: day === today,
  }))
  return <TimeGrid columns={columns} onBook={onBook} onMove={onMove} onOpen={onOpen} settings={settings} />
}
