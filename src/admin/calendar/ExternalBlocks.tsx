'use client'
import React from 'react'

import type { EpochAvailability } from '../shared/capacity.js'
import type { Offset } from './grid-scale.js'

import { busyElsewhereName, externalIn } from '../shared/external-busy.js'
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
 * A column's time busy elsewhere, from `top` to `bottom`: hatched, named, and inert. It lies over
 * the booking cells, so a click there books nothing, and under the reservations, which stay
 * clickable.
 */
export const ExternalBlocks: React.FC<Props> = ({ availability, bottom, offset, timezone, top }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(timezone)
  return externalIn(availability, top, bottom).map(({ end, label, start }) => {
    const name = busyElsewhereName([label], t)
    const title = `${format.time(start)}–${format.time(end)} · ${name}`
    return (
      <ShadeBlock {...{ bottom, end, name, offset, start, title, top }} key={`${start}|${end}|${label ?? ''}`} kind="external" label={label ?? t('busyElsewhere')} />
    )
  })
}
