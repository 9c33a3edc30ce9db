'use client'
import { useState } from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { useStatusChange } from './use-status-change.js'

export interface StatusMove {
  /** A move is under way; the buttons wait for it. */
  busy: boolean
  move: (target: string, why?: string) => Promise<void>
}

/**
 * Moves a reservation to `target`, busy meanwhile; `onMoved` follows a move that worked. The
 * toast names the booking when `booking` (who and when) is given. A cancel's toast offers to undo
 * it back to `status` (the one it has now); `onMoved` follows the undo too.
 */
export const useStatusMove = (
  reservationId: string,
  status: string,
  settings: AdminSettings,
  onMoved: () => void,
  booking?: string,
): StatusMove => {
  const changeStatus = useStatusChange(settings)
  const [busy, setBusy] = useState(false)
  const move = async (target: string, why?: string): Promise<void> => {
    setBusy(true)
    const changed = await changeStatus(reservationId, target, why, booking, { before: status, onDone: onMoved })
    setBusy(false)
    if (changed) {
      onMoved()
    }
  }
  return { busy, move }
}
