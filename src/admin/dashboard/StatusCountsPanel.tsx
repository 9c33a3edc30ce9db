'use client'
import { ShimmerEffect } from '@payloadcms/ui'
import React from 'react'

import type { AdminSettings, ReservationRecord } from '../../contract/http.js'

import { statusLabel } from '../shared/status.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

interface Props {
  /** Today's bookings; null while loading. */
  reservations: null | ReservationRecord[]
  settings: AdminSettings
}

/** How many of today's bookings there are in all, and in each status. */
export const StatusCountsPanel: React.FC<Props> = ({ reservations, settings }) => {
  const { has, t } = useReserveTranslation()
  return (
    <div className="rl-widget__panel">
      <h3 className="rl-widget__panel-title">{t('byStatus')}</h3>
      {reservations === null ? (
        <ShimmerEffect height="4rem" />
      ) : (
        <ul className="rl-widget__statuses">
          <li className="rl-widget__status rl-widget__status--total" data-status-count="total">
            <span className="rl-widget__count">{reservations.length}</span>
            <span className="rl-widget__status-label">{t('total')}</span>
          </li>
          {settings.statusMachine.statuses.map((status) => (
            <li className="rl-widget__status" data-status-count={status} key={status}>
              <span className="rl-widget__count">
                {reservations.filter((reservation) => reservation.status === status).length}
              </span>
              <span className="rl-widget__status-label">{statusLabel(status, t, has)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
