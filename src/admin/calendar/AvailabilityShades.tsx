'use client'
import React from 'react'

import type { EpochAvailability } from '../shared/capacity.js'
import type { Offset } from './grid-scale.js'

import { shadesOf } from '../shared/capacity.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { shadeTitle } from './shade-title.js'

interface Props {
  availability: EpochAvailability
  bottom: number
  offset: Offset
  top: number
}

/** The availability under a column's reservations, from `top` to `bottom`. */
export const AvailabilityShades: React.FC<Props> = ({ availability, bottom, offset, top }) => {
  const { t } = useReserveTranslation()
  return shadesOf(availability, top, bottom).map((shade) => (
    <div
      aria-hidden
      className={`rl-shade rl-shade--${shade.kind}${shade.poolFull ? ' rl-shade--pool-full' : ''}`}
      data-shade={shade.kind}
      key={shade.start}
      style={{ height: offset(shade.end) - offset(shade.start), top: offset(shade.start) }}
      title={shadeTitle(shade, t)}
    />
  ))
}
