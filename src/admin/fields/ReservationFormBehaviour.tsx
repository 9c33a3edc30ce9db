'use client'
import React, { useRef } from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'

import { useEscapeGuard } from './use-escape-guard.js'
import { useReservationTitle } from './use-reservation-title.js'

/**
 * Renders nothing of its own: placed in the reservation form (a `ui` field) to title the
 * reservation in the plugin's zone and to ask before Escape discards unsaved changes in a drawer.
 */
export const ReservationFormBehaviour: React.FC<{ settings: AdminSettings }> = ({ settings }) => {
  const anchor = useRef<HTMLSpanElement>(null)
  useReservationTitle(settings.timezone)
  useEscapeGuard(anchor)
  return <span hidden ref={anchor} />
}
