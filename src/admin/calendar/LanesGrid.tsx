'use client'
import React from 'react'

import type { AdminSettings, ReservationRecord, ResourceRecord } from '../../contract/http.js'
import type { EpochAvailability } from '../shared/capacity.js'
import type { BookAt } from './book-at.js'
import type { GridColumn } from './grid-column.js'
import type { MoveReservation } from './use-move-reservation.js'

import { dayBounds } from '../shared/calendar-dates.js'
import { usesResource } from '../shared/related.js'
import { LaneHead } from './LaneHead.js'
import { overlapsDay } from './overlaps-day.js'
import { TimeGrid } from './TimeGrid.js'

interface Props {
  /** By resource id; null while loading. */
  availability: Map<string, EpochAvailability> | null
  date: string
  onBook: BookAt | null
  /** Moves a dragged reservation; null where nothing may move (as of the past). */
  onMove: MoveReservation | null
  onOpen: (reservation: ReservationRecord) => void
  reservations: ReservationRecord[]
  resources: ResourceRecord[]
  settings: AdminSettings
}

/** One day with a column per resource, each with the reservations that take it. */
export const LanesGrid: React.FC<Props> = (props) => {
  const { availability, date, onBook, onMove, onOpen, reservations, resources, settings } = props
  const day = dayBounds(date, settings.timezone)
  const columns: GridColumn[] = resources.map((one) => ({
    availability: availability?.get(String(one.id)) ?? null,
    date,
    header: <LaneHead resource={one} />,
    key: String(one.id),
    reservations: reservations.filter(
      (reservation) => usesResource(reservation, one.id) && overlapsDay(reservation, day),
    ),
    resource: one,
  }))
  return <TimeGrid columns={columns} onBook={onBook} onMove={onMove} onOpen={onOpen} settings={settings} />
}
