'use client'
import { ShimmerEffect } from '@payloadcms/ui'
import React from 'react'

import type { AdminSettings } from '../../contract/http.js'
import type { ReservationRecord } from '../../contract/http.js'

import { useReservations } from '../shared/use-reservations.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { PendingItem } from './PendingItem.js'
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
        {reservations.map((reservation) => (
          <PendingItem
            key={reservation.id}
            onChanged={onChanged}
            onOpen={onOpen}
            reservation={reservation}
            settings={settings}
          />
        ))}
      </ol>
      {truncated && <p className="rl-pending__more">{t('pendingTruncated', { count: QUEUE_LIMIT })}</p>}
    </>
  )
}
