'use client'
import React from 'react'

import type { ReserveLedgerKey } from '../../translations/types.js'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import './shading.css'

const ENTRIES: { className: string; label: ReserveLedgerKey }[] = [
  { className: 'rl-shade--free', label: 'shadeFree' },
  { className: 'rl-shade--partial', label: 'shadePartial' },
  { className: 'rl-shade--full', label: 'shadeFull' },
  { className: 'rl-shade--external', label: 'busyElsewhere' },
  { className: 'rl-shade--hold', label: 'heldAtCheckout' },
  { className: 'rl-shade--free rl-shade--pool-full', label: 'shadePoolFull' },
  { className: 'rl-shade--time-off', label: 'shadeTimeOff' },
  { className: 'rl-shade--closed', label: 'shadeClosed' },
]

/** What the shading under the reservations means. */
export const ShadingLegend: React.FC = () => {
  const { t } = useReserveTranslation()
  return (
    <ul aria-label={t('legend')} className="rl-legend">
      {ENTRIES.map(({ className, label }) => (
        <li className="rl-legend__entry" key={label}>
          <span aria-hidden className={`rl-legend__swatch rl-shade ${className}`} />
          {t(label)}
        </li>
      ))}
    </ul>
  )
}
