'use client'
import React from 'react'

import type { Offset } from './grid-scale.js'

interface Props {
  bottom: number
  end: number
  /** `rl-<kind>` and `rl-shade--<kind>` style it: time busy elsewhere, or held at checkout. */
  kind: 'external' | 'hold'
  label: string
  name: string
  offset: Offset
  start: number
  title: string
  top: number
}

/** One shaded span of a time-grid column, cut to the column's `top`–`bottom`, named for assistive technology. */
export const ShadeBlock: React.FC<Props> = ({ bottom, end, kind, label, name, offset, start, title, top }) => {
  const [from, to] = [Math.max(start, top), Math.min(end, bottom)]
  return (
    <div
      aria-label={name}
      className={`rl-${kind} rl-shade--${kind}`}
      data-end={new Date(end).toISOString()}
      data-start={new Date(start).toISOString()}
      role="img"
      style={{ height: offset(to) - offset(from), top: offset(from) }}
      title={title}
    >
      <span className={`rl-${kind}__label`}>{label}</span>
    </div>
  )
}
