'use client'
import { ShimmerEffect } from '@payloadcms/ui'
import React from 'react'

import type { AdminSettings, ReservationRecord } from '../../contract/http.js'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { UpcomingReservation } from './UpcomingReservation.js'

interface Props {
  /** The reservations collection's address in the admin. */
  collectionURL: string
  /** The next bookings; null while loading. */
  reservations: null | ReservationRecord[]
  settings: AdminSettings
}

/** The next bookings still to come. */
export const NextUpPanel: React.FC<Props> = ({ collectionURL, reservations, settings }) => {
  const { t } = useReserveTranslation()
  return (
    <div className="rl-widget__panel rl-widget__panel--wide">
      <h3 className="rl-widget__panel-title">{t('nextUp')}</h3>
      {reservations === null ? (
        <ShimmerEffect height="4rem" />
      ) : reservations.length === 0 ? (
        <p className="rl-widget__muted">{t('nothingUpcoming')}</p>
      ) : (
        <ol className="rl-stack-list rl-widget__upcoming">
          {reservations.map((reservation) => (
            <UpcomingReservation
              collectionURL={collectionURL}
              key={reservation.id}
              reservation={reservation}
              settings={settings}
            />
          ))}
        </ol>
      )}
    </div>
  )
}
