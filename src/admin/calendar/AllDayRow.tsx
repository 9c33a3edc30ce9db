'use client'
import React from 'react'

import type { AdminSettings, ReservationRecord } from '../../contract/http.js'
import type { GridColumn } from './grid-column.js'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { ReservationBlock } from './ReservationBlock.js'

interface Props {
  /** Per column, the reservations lasting its whole day. */
  allDay: ReservationRecord[][]
  columns: GridColumn[]
  onOpen: (reservation: ReservationRecord) => void
  settings: AdminSettings
}

/** The row above the hours, for reservations that take a column's whole day. */
export const AllDayRow: React.FC<Props> = ({ allDay, columns, onOpen, settings }) => {
  const { t } = useReserveTranslation()
  return (
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
  )
}
