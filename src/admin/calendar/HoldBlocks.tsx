'use client'
import React from 'react'

import type { EpochAvailability } from '../shared/capacity.js'
import type { Offset } from './grid-scale.js'

import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { ShadeBlock } from './ShadeBlock.js'

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
      const name = t('heldAtCheckout')
      const title = `${format.time(start)}–${format.time(end)} · ${name}${units > 1 ? ` (${units})` : ''}`
      return <ShadeBlock {...{ bottom, end, name, offset, start, title, top }} key={`${start}|${end}|${index}`} kind="hold" label={name} />
    })
}
