'use client'
import React from 'react'

import type { EpochAvailability } from '../shared/capacity.js'
import type { Offset } from './grid-scale.js'

import { ResourceDot } from '../shared/ResourceDot.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { overlapLanes } from './overlap-lanes.js'
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
 * unlike the hatching of time busy elsewhere; named by its resource where the column shows
 * several, and side by side where holds overlap. A hold takes only its units, so it lets clicks
 * through to the booking cells beneath (the rest of the capacity may still be booked).
 */
export const HoldBlocks: React.FC<Props> = ({ availability, bottom, offset, timezone, top }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(timezone)
  const shown = availability.holds.filter(({ end, start }) => start < bottom && end > top)
  const lanes = overlapLanes(shown.map(({ end, start }, index) => ({ end, id: String(index), start })))
  return shown.map(({ end, resource, start, units }, index) => {
    const held = t('heldAtCheckout')
    const name = resource ? `${resource.name} · ${held}` : held
    const title = `${format.time(start)}–${format.time(end)} · ${name}${units > 1 ? ` (${units})` : ''}`
    const label = resource ? (
      <>
        <ResourceDot resource={resource} />
        {name}
      </>
    ) : (
      name
    )
    return (
      <ShadeBlock
        {...{ bottom, end, label, name, offset, start, title, top }}
        key={`${resource?.id ?? ''}|${start}|${end}|${index}`}
        kind="hold"
        placement={lanes.get(String(index))}
      />
    )
  })
}
