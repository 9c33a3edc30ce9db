'use client'
import React, { useRef } from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { ChangedElsewhereNotice } from './ChangedElsewhereNotice.js'
import { useEscapeGuard } from './use-escape-guard.js'
import { useReservationTitle } from './use-reservation-title.js'

/**
 * Placed in the reservation form (a `ui` field) to title the reservation in the plugin's zone,
 * to ask before Escape discards unsaved changes in a drawer, and to follow other users' changes
 * of the reservation; it shows nothing but the notice of such a change over unsaved input.
 */
export const ReservationFormBehaviour: React.FC<{ settings: AdminSettings }> = ({ settings }) => {
  const anchor = useRef<HTMLSpanElement>(null)
  useReservationTitle(settings.timezone)
  useEscapeGuard(anchor)
  return (
    <>
      <span hidden ref={anchor} />
      <ChangedElsewhereNotice settings={settings} />
    </>
  )
}
