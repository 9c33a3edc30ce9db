'use client'
import React from 'react'

import type { PendingChange } from './grid-change-context.js'
import type { Offset } from './grid-scale.js'

import { useFormatters } from '../shared/use-formatters.js'

interface Props {
  bottom: number
  change: PendingChange
  offset: Offset
  /** The lane does not take it: shown, and not saved. */
  refused?: boolean
  timezone: string
  top: number
}

/** Where a block being moved or resized would go, with its new times; screen readers hear them from the grid. */
export const BlockGhost: React.FC<Props> = ({ bottom, change, offset, refused, timezone, top }) => {
  const format = useFormatters(timezone)
  const start = Math.max(change.start, top)
  const end = Math.min(change.end, bottom)
  return (
    <div
      aria-hidden
      className="rl-block-ghost"
      data-refused={refused || undefined}
      style={{ height: offset(end) - offset(start), top: offset(start) }}
    >
      <span className="rl-block__time">{`${format.time(change.start)}–${format.time(change.end)}`}</span>
    </div>
  )
}
