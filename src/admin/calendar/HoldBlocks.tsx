'use client'
import React from 'react'

import type { EpochAvailability } from '../shared/capacity.js'
import type { Offset } from './grid-scale.js'

import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

interface Props {
  availability: EpochAvailability
  bottom: number
  offset: Offset
  timezone: string
  top: number
}

/**
 * A column's capacity held while customers check out, from `top` to `bottom`: dotted and dashed,
 * unlike the hatching of time busy elsewhere. A hold takes only its units, so it lets clicks
 * through to the booking cells beneath (the rest of the capacity may still be booked).
 */
export const HoldBlocks: React.FC<Props> = ({ availability, bottom, offset, timezone, top }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(timezone)
  return availability.holds
    .filter(({ end, start }) => start < bottom && end > top)
    .map(({ end, start, units }, index) => {
      const [from, to] = [Math.max(start, top), Math.min(end, bottom)]
      const name = t('heldAtCheckout')
      return (
        <div
          aria-label={name}
          className="rl-hold rl-shade--hold"
          data-end={new Date(end).toISOString()}
          data-start={new Date(start).toISOString()}
          key={`${start}|${end}|${index}`}
          role="img"
          style={{ height: offset(to) - offset(from), top: offset(from) }}
          title={`${format.time(start)}–${format.time(end)} · ${name}${units > 1 ? ` (${units})` : ''}`}
        >
          <span className="rl-hold__label">{name}</span>
        </div>
      )
    })
}
