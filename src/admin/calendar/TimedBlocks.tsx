'use client'
import React from 'react'

import type { AdminSettings, ReservationRecord } from '../../contract/http.js'
import type { BlockSpan } from './block-spans.js'
import type { Offset } from './grid-scale.js'

import { overlapLanes } from './overlap-lanes.js'
import { ReservationBlock } from './ReservationBlock.js'

interface Props {
  blocks: BlockSpan[]
  /** Index of the grid's column they are in. */
  column: number
  offset: Offset
  onOpen: (reservation: ReservationRecord) => void
  settings: AdminSettings
}

/** A column's reservations at their times, overlapping ones side by side. */
export const TimedBlocks: React.FC<Props> = ({ blocks, column, offset, onOpen, settings }) => {
  const lanes = overlapLanes(blocks)
  return blocks.map(({ end, id, reservation, start }) => {
    const placement = lanes.get(id) ?? { lane: 0, lanes: 1 }
    return (
      <ReservationBlock
        column={column}
        key={id}
        // Under 45 minutes there is room for one line of text and a bit.
        layout={end - start < 45 * 60_000 ? 'line' : 'full'}
        onOpen={onOpen}
        reservation={reservation}
        settings={settings}
        style={{
          height: offset(end) - offset(start),
          insetInlineStart: `${(placement.lane / placement.lanes) * 100}%`,
          top: offset(start),
          width: `${100 / placement.lanes}%`,
        }}
      />
    )
  })
}
