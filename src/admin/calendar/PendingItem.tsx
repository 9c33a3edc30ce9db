'use client'
import { Button } from '@payloadcms/ui'
import React from 'react'

import type { AdminSettings, ReservationRecord } from '../../contract/http.js'

import { bookingName } from '../shared/booking-name.js'
import { localDateOf } from '../shared/calendar-dates.js'
import { bookerLabel, relatedName } from '../shared/related.js'
import { ResourceDot } from '../shared/ResourceDot.js'
import { StatusActions } from '../shared/StatusActions.js'
import { useFormatters } from '../shared/use-formatters.js'
import { timeSpan } from '../shared/time-span.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

interface Props {
  onChanged: () => void
  onOpen: (reservation: ReservationRecord) => void
  reservation: ReservationRecord
  settings: AdminSettings
}

/** A pending reservation in the queue: when, who and what, and its status moves. */
export const PendingItem: React.FC<Props> = ({ onChanged, onOpen, reservation, settings }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const date = localDateOf(Date.parse(reservation.startTime), settings.timezone)
  return (
    <li className="rl-pending__item" data-reservation-id={reservation.id}>
      <div className="rl-pending__when">
        <span className="rl-pending__date">{format.dateLong(date)}</span>
        <span className="rl-pending__time">{timeSpan(reservation, format, t, settings.timezone)}</span>
      </div>
      <div className="rl-pending__what">
        <span className="rl-pending__who">{bookerLabel(reservation) ?? t('noCustomer')}</span>
        <span className="rl-pending__service">
          <ResourceDot resource={reservation.resource} />
          {[relatedName(reservation.service), relatedName(reservation.resource)].filter(Boolean).join(' · ')}
        </span>
        {(reservation.guestCount ?? 1) > 1 && (
          <span className="rl-pending__guests">{t('guestCountValue', { count: reservation.guestCount ?? 1 })}</span>
        )}
      </div>
      <div className="rl-pending__actions">
        <StatusActions
          booking={bookingName(reservation, format, t)}
          onChanged={onChanged}
          reservationId={reservation.id}
          settings={settings}
          startTime={reservation.startTime}
          status={reservation.status}
        />
        <Button buttonStyle="subtle" margin={false} onClick={() => onOpen(reservation)} size="small">
          {t('details')}
        </Button>
      </div>
    </li>
  )
}
