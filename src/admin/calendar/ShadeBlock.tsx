'use client'
import React from 'react'

import type { Offset } from './grid-scale.js'
import type { LanePlacement } from './overlap-lanes.js'

interface Props {
  bottom: number
  end: number
  /** `rl-<kind>` and `rl-shade--<kind>` style it: time busy elsewhere, or held at checkout. */
  kind: 'external' | 'hold'
  label: React.ReactNode
  name: string
  offset: Offset
  /** Its place among the blocks it overlaps; the column's whole width without. */
  placement?: LanePlacement
  /** `group` where the label holds a control; a picture of the time otherwise. */
  role?: 'group' | 'img'
  start: number
  title: string
  top: number
}

/** One shaded span of a time-grid column, cut to the column's `top`–`bottom`, named for assistive technology. */
export const ShadeBlock: React.FC<Props> = ({ bottom, end, kind, label, name, offset, placement, role = 'img', start, title, top }) => {
  const [from, to] = [Math.max(start, top), Math.min(end, bottom)]
  return (
    <div
      aria-label={name}
      className={`rl-${kind} rl-shade--${kind}`}
      data-end={new Date(end).toISOString()}
      data-start={new Date(start).toISOString()}
      role={role}
      style={{
        height: offset(to) - offset(from),
        top: offset(from),
        ...(placement && {
          insetInlineStart: `${(placement.lane / placement.lanes) * 100}%`,
          width: `${100 / placement.lanes}%`,
        }),
      }}
      title={title}
    >
      {/* Its own direction: a Latin name in a right-to-left page is cut at its end, not its start. */}
      <span className={`rl-${kind}__label`} dir="auto">
        {label}
      </span>
    </div>
  )
}
