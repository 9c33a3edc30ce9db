'use client'
import { Banner, ShimmerEffect } from '@payloadcms/ui'
import React, { useMemo } from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'
import type { ReservationRecord, ResourceRecord } from '../../plugin/http/contract.js'
import type { DatedMode } from './modes.js'
import type { GridColumn } from './TimeGrid.js'

import { type EpochAvailability, workingHoursOf } from '../shared/capacity.js'
import { dayBounds } from '../shared/calendar-dates.js'
import { usesResource } from '../shared/related.js'
import { useAvailability } from '../shared/use-availability.js'
import { useFormatters } from '../shared/use-formatters.js'
import { overlapping, takingResource, useReservations } from '../shared/use-reservations.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { MonthView } from './MonthView.js'
import { ShadingLegend } from './ShadingLegend.js'
import { TimeGrid } from './TimeGrid.js'

interface Props {
  date: string
  dates: string[]
  mode: DatedMode
  onBook: ((start: null | string, resource: null | ResourceRecord) => void) | null
  onDay: (date: string) => void
  onOpen: (reservation: ReservationRecord) => void
  refreshKey: number
  /** The resource the month, week and day are narrowed to; null for all. */
  resource: null | string
  resources: null | ResourceRecord[]
  settings: AdminSettings
}

const overlapsDay = (reservation: ReservationRecord, day: { end: number; start: number }): boolean => {
  const start = Date.parse(reservation.startTime)
  const end = reservation.endTime ? Date.parse(reservation.endTime) : start
  return start < day.end && (end > day.start || start >= day.start)
}

/** The calendar on dates: loads the page's reservations and availability and lays them out. */
export const DatedCalendar: React.FC<Props> = (props) => {
  const { date, dates, mode, onBook, onDay, onOpen, refreshKey, resource, resources, settings } = props
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const from = dayBounds(dates[0], settings.timezone).start
  const to = dayBounds(dates[dates.length - 1], settings.timezone).end
  const narrowed = mode === 'lanes' ? null : resource
  const conditions = useMemo(
    () => [...overlapping(from, to), ...(narrowed ? [takingResource(narrowed)] : [])],
    [from, narrowed, to],
  )
  const { error, reservations, truncated } = useReservations(settings, { conditions, refreshKey })
  const shownResources = useMemo(
    () => (resources ?? []).filter((one) => narrowed === null || String(one.id) === narrowed),
    [narrowed, resources],
  )
  const availability = useAvailability(
    shownResources.map((one) => one.id),
    from,
    to,
    refreshKey,
  )

  if (error) {
    return <Banner type="error">{error}</Banner>
  }
  if (reservations === null || resources === null) {
    return <ShimmerEffect height="30rem" />
  }

  const availabilityOf = (one: ResourceRecord): EpochAvailability | null => availability?.get(String(one.id)) ?? null
  const every = availability && shownResources.map(availabilityOf).filter((one) => one !== null)
  const chosen = narrowed === null ? null : (shownResources[0] ?? null)

  let content: React.ReactNode
  if (mode === 'month') {
    content = (
      <MonthView
        availability={every}
        dates={dates}
        month={date}
        onDay={onDay}
        onOpen={onOpen}
        reservations={reservations}
        settings={settings}
      />
    )
  } else {
    const columns: GridColumn[] =
      mode === 'lanes'
        ? resources.map((one) => ({
            availability: availabilityOf(one),
            date,
            header: (
              <span className="rl-calendar__lane-head">
                <span className="rl-calendar__lane-name">{one.name}</span>
                {(one.quantity ?? 1) > 1 && (
                  <span className="rl-calendar__lane-capacity">
                    {t(one.capacityMode === 'per-guest' ? 'seatsCount' : 'unitsCount', { count: one.quantity ?? 1 })}
                  </span>
                )}
              </span>
            ),
            key: String(one.id),
            reservations: reservations.filter(
              (reservation) =>
                usesResource(reservation, one.id) && overlapsDay(reservation, dayBounds(date, settings.timezone)),
            ),
            resource: one,
          }))
        : dates.map((day) => ({
            availability: chosen ? availabilityOf(chosen) : every && every.length > 0 ? workingHoursOf(every) : null,
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
            reservations: reservations.filter((reservation) =>
              overlapsDay(reservation, dayBounds(day, settings.timezone)),
            ),
            resource: chosen,
          }))
    content = <TimeGrid columns={columns} onBook={onBook} onOpen={onOpen} settings={settings} />
  }

  return (
    <>
      {truncated && <Banner type="info">{t('notAllShown')}</Banner>}
      <div className="rl-calendar__body" data-loading={availability === null ? 'availability' : undefined}>
        {content}
      </div>
      {mode !== 'month' && <ShadingLegend />}
    </>
  )
}
