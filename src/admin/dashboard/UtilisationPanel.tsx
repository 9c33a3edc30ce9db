'use client'
import { ShimmerEffect } from '@payloadcms/ui'
import React from 'react'

import type { CapacityLoad } from '../shared/capacity.js'

import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

/**
 * How much of today's working capacity is booked or was used by completed bookings, as a
 * percentage, a bar and hours, and how much can still be booked (elapsed time is not).
 */
export const UtilisationPanel: React.FC<{ load: CapacityLoad | null; timezone: string }> = ({ load, timezone }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(timezone)
  return (
    <div className="rl-widget__panel">
      <h3 className="rl-widget__panel-title">{t('utilisation')}</h3>
      {load === null ? (
        <ShimmerEffect height="4rem" />
      ) : load.capacity === 0 ? (
        <p className="rl-widget__muted">{t('noCapacityToday')}</p>
      ) : (
        <div className="rl-widget__utilisation" data-capacity={load.capacity} data-free={load.free} data-used={load.used}>
          <span className="rl-widget__percent">{format.percent(load.used / load.capacity)}</span>
          <span aria-hidden className="rl-widget__bar">
            <span className="rl-widget__bar-fill" style={{ inlineSize: `${(load.used / load.capacity) * 100}%` }} />
          </span>
          <span className="rl-widget__muted">
            {t('usedOfCapacity', { capacity: format.duration(load.capacity), used: format.duration(load.used) })}
          </span>
          <span className="rl-widget__muted rl-widget__free">{t('freeAmount', { amount: format.duration(load.free) })}</span>
        </div>
      )}
    </div>
  )
}
