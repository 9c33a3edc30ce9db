'use client'
import React, { useRef } from 'react'

import { useEscapeGuard } from './use-escape-guard.js'
import { useNewReservationTitle } from './use-new-reservation-title.js'

/**
 * Renders nothing of its own: placed in the reservation form (a `ui` field) to title a new
 * reservation and to ask before Escape discards unsaved changes in a drawer.
 */
export const ReservationFormBehaviour: React.FC = () => {
  const anchor = useRef<HTMLSpanElement>(null)
  useNewReservationTitle()
  useEscapeGuard(anchor)
  return <span hidden ref={anchor} />
}
