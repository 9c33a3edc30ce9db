'use client'
import React from 'react'

import type { AdminSettings, ReservationRecord } from '../../contract/http.js'

import { bookerLabel, relatedName } from '../shared/related.js'
import { StatusPill } from '../shared/StatusPill.js'
import { allDayLabel, isAllDay } from '../shared/time-span.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

interface Props {
  /** The reservations collection's address in the admin. */
  collectionURL: string
  reservation: ReservationRecord
  settings: AdminSettings
}

/** One of the next bookings: when, who and what, linking to its form, and its status. */
export const UpcomingReservation: React.FC<Props> = ({ collectionURL, reservation, settings }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  return (
    <li className="rl-widget__next" data-reservation-id={reservation.id}>
      <a href={`${collectionURL}/${encodeURIComponent(reservation.id)}`}>
        <span className="rl-widget__when">
          {isAllDay(reservation, settings.timezone) ? allDayLabel(reservation, format, t) : format.dateTime(reservation.startTime)}
        </span>
        <span className="rl-widget__who">{bookerLabel(reservation) ?? t('noCustomer')}</span>
        <span className="rl-widget__what">
          {[relatedName(reservation.service), relatedName(reservation.resource)].filter(Boolean).join(' · ')}
        </span>
      </a>
      <StatusPill settings={settings} status={reservation.status} />
    </li>
  )
}
