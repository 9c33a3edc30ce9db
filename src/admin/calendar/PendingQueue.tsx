'use client'
import { Button, ShimmerEffect } from '@payloadcms/ui'
import React from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'
import type { ReservationRecord } from '../../plugin/http/contract.js'

import { localDateOf } from '../shared/calendar-dates.js'
import { bookerLabel, relatedName } from '../shared/related.js'
import { StatusActions } from '../shared/StatusActions.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReservations } from '../shared/use-reservations.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import './pending-queue.css'

/** The queue shows this many at once, oldest start first, so nothing waits unseen for long. */
const QUEUE_LIMIT = 100

interface Props {
  onChanged: () => void
  onOpen: (reservation: ReservationRecord) => void
  refreshKey: number
  settings: AdminSettings
}

/**
 * Reservations waiting in the machine's initial status, by start time, each with the moves the
 * machine allows from there (confirm, cancel, …).
 */
export const PendingQueue: React.FC<Props> = ({ onChanged, onOpen, refreshKey, settings }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const { error, reservations, truncated } = useReservations(settings, {
    conditions: [{ status: { equals: settings.statusMachine.defaultStatus } }],
    limit: QUEUE_LIMIT,
    refreshKey,
  })

  if (error) {
    return <p className="rl-pending__error">{error}</p>
  }
  if (reservations === null) {
    return <ShimmerEffect height="10rem" />
  }
  if (reservations.length === 0) {
    return <p className="rl-pending__empty">{t('pendingEmpty')}</p>
  }
  return (
    <>
      <ol className="rl-pending">
        {reservations.map((reservation) => {
          const date = localDateOf(Date.parse(reservation.startTime), settings.timezone)
          return (
            <li className="rl-pending__item" data-reservation-id={reservation.id} key={reservation.id}>
              <div className="rl-pending__when">
                <span className="rl-pending__date">{format.dateLong(date)}</span>
                <span className="rl-pending__time">
                  {format.time(reservation.startTime)}
                  {reservation.endTime && `–${format.time(reservation.endTime)}`}
                </span>
              </div>
              <div className="rl-pending__what">
                <span className="rl-pending__who">{bookerLabel(reservation) ?? t('noCustomer')}</span>
                <span className="rl-pending__service">
                  {[relatedName(reservation.service), relatedName(reservation.resource)].filter(Boolean).join(' · ')}
                </span>
                {(reservation.guestCount ?? 1) > 1 && (
                  <span className="rl-pending__guests">
                    {t('guestCountValue', { count: reservation.guestCount ?? 1 })}
                  </span>
                )}
              </div>
              <div className="rl-pending__actions">
                <StatusActions
                  onChanged={onChanged}
                  reservationId={reservation.id}
                  settings={settings}
                  status={reservation.status}
                />
                <Button buttonStyle="subtle" margin={false} onClick={() => onOpen(reservation)} size="small">
                  {t('details')}
                </Button>
              </div>
            </li>
          )
        })}
      </ol>
      {truncated && <p className="rl-pending__more">{t('pendingTruncated', { count: QUEUE_LIMIT })}</p>}
    </>
  )
}
