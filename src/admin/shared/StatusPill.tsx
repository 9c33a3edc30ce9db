'use client'
import React from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { statusLabel, statusTone } from './status.js'
import { useReserveTranslation } from './use-reserve-translation.js'
import './status-pill.css'

export const StatusPill: React.FC<{ settings: AdminSettings; status: string }> = ({ settings, status }) => {
  const { has, t } = useReserveTranslation()
  return (
    <span className={`rl-status rl-status--${statusTone(status, settings)}`} data-status={status}>
      {statusLabel(status, t, has)}
    </span>
  )
}
