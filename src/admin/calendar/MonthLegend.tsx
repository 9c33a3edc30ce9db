'use client'
import React from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { statusLabel, statusTone } from '../shared/status.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import './shading.css'

/** What the month's colours and marks mean: the statuses, today, the capacity bar, time busy elsewhere, closed days. */
export const MonthLegend: React.FC<{ settings: AdminSettings }> = ({ settings }) => {
  const { has, t } = useReserveTranslation()
  return (
    <ul aria-label={t('legend')} className="rl-legend rl-legend--month">
      {settings.statusMachine.statuses.map((status) => (
        <li className="rl-legend__entry" data-status={status} key={status}>
          <span aria-hidden className={`rl-legend__swatch rl-block rl-block--${statusTone(status, settings)}`} />
          {statusLabel(status, t, has)}
        </li>
      ))}
      <li className="rl-legend__entry">
        <span aria-hidden className="rl-legend__swatch rl-legend__swatch--today" />
        {t('today')}
      </li>
      <li className="rl-legend__entry">
        <span aria-hidden className="rl-legend__swatch rl-month__load">
          <span className="rl-month__load-bar" style={{ inlineSize: '60%' }} />
        </span>
        {t('capacityBooked')}
      </li>
      <li className="rl-legend__entry">
        <span aria-hidden className="rl-legend__swatch rl-shade--external" />
        {t('busyElsewhere')}
      </li>
      <li className="rl-legend__entry">
        <span aria-hidden className="rl-legend__swatch rl-month__day--closed" />
        {t('shadeClosed')}
      </li>
    </ul>
  )
}
