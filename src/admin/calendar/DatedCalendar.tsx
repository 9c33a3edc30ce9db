'use client'
import { Banner, ShimmerEffect } from '@payloadcms/ui'
import React from 'react'

import type { AdminSettings, ReservationRecord, ResourceRecord } from '../../contract/http.js'
import type { BookAt } from './book-at.js'
import type { DatedMode } from './modes.js'
import type { MoveReservation } from './use-move-reservation.js'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { CalendarBody } from './CalendarBody.js'
import { MonthLegend } from './MonthLegend.js'
import { ResourceKey } from './ResourceKey.js'
import { ShadingLegend } from './ShadingLegend.js'
import { useCalendarData } from './use-calendar-data.js'

interface Props {
  /** The past instant shown, read-only; null for now. */
  asOf: null | number
  date: string
  dates: string[]
  mode: DatedMode
  onBook: BookAt | null
  onDay: (date: string) => void
  /** Moves a dragged reservation; null where nothing may move (as of the past). */
  onMove: MoveReservation | null
  onOpen: (reservation: ReservationRecord) => void
  refreshKey: number
  /** The resource the month, week and day are narrowed to; null for all. */
  resource: null | string
  resources: null | ResourceRecord[]
  settings: AdminSettings
}

/** The calendar on dates: loads the page's reservations and availability (now or as of a past instant) and lays them out. */
export const DatedCalendar: React.FC<Props> = (props) => {
  const { asOf, date, dates, mode, onBook, onDay, onMove, onOpen, refreshKey, resource, resources } = props
  const { settings } = props
  const { t } = useReserveTranslation()
  const narrowed = mode === 'lanes' ? null : resource
  const data = useCalendarData({ asOf, dates, narrowed, refreshKey, resources, settings })
  const { availability, chosen, error, every, reservations, truncated } = data

  if (error) {
    return <Banner type="error">{error}</Banner>
  }
  if (reservations === null || resources === null) {
    return <ShimmerEffect height="30rem" />
  }
  return (
    <>
      {truncated && <Banner type="info">{t('notAllShown')}</Banner>}
      <ResourceKey resources={chosen ? [chosen] : resources} />
      <CalendarBody
        availability={availability}
        chosen={chosen}
        date={date}
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
      {mode === 'month' ? <MonthLegend settings={settings} /> : <ShadingLegend />}
    </>
  )
}
