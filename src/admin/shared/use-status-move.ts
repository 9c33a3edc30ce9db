'use client'
import { useState } from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'

import { useStatusChange } from './use-status-change.js'

export interface StatusMove {
  /** A move is under way; the buttons wait for it. */
  busy: boolean
  move: (target: string, why?: string) => Promise<void>
}

/** Moves a reservation to `target`, busy meanwhile; `onMoved` follows a move that worked. */
export const useStatusMove = (reservationId: string, settings: AdminSettings, onMoved: () => void): StatusMove => {
  const changeStatus = useStatusChange(settings)
  const [busy, setBusy] = useState(false)
  const move = async (target: string, why?: string): Promise<void> => {
    setBusy(true)
    const changed = await changeStatus(reservationId, target, why)
    setBusy(false)
    if (changed) {
      onMoved()
    }
  }
  return { busy, move }
}
