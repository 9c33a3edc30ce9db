'use client'
import { createContext } from 'react'

import type { AdminSettings, ReservationRecord } from '../../contract/http.js'

/** A move or resize shown on the grid before it is saved. */
export interface PendingChange {
  /** Index of the column (day or lane) it lands in. */
  column: number
  end: number
  reservation: ReservationRecord
  start: number
  /** The keyboard's change waits for Enter or a pause; a pointer's is saved when let go. */
  via: 'keyboard' | 'pointer'
}

/** What a time grid lets its blocks do to change a reservation; absent where nothing may change. */
export interface GridChange {
  /** The instants a column shows, `[top, bottom)`. */
  bounds(column: number): { bottom: number; top: number }
  cancel(): void
  columns: number
  commit(): void
  /** Id of the hidden text telling keyboard users how to move a block. */
  hintId: string
  pending: null | PendingChange
  /**
   * The column under `x` (or the given one) and the instant at `y` in it, snapped to the step;
   * null outside the columns.
   */
  placeAt(x: number, y: number, column?: number): { at: number; column: number } | null
  settings: AdminSettings
  show(change: PendingChange): void
  /** One step of the grid, in ms: what a key press moves, and what a drag snaps to. */
  step: number
}

export const GridChangeContext = createContext<GridChange | null>(null)
