'use client'
import React from 'react'

import type { TimeAxis } from './time-axis.js'

import { zonedEpoch } from '../shared/calendar-dates.js'
import { useFormatters } from '../shared/use-formatters.js'
import { PX_PER_MINUTE } from './grid-scale.js'

interface Props {
  axis: TimeAxis
  /** The date the labels' times are read on; none when the grid has no columns. */
  date: string | undefined
  /** Minutes after local midnight of each full hour shown. */
  hours: number[]
  timezone: string
}

/** The hour labels beside a time grid. */
export const HourAxis: React.FC<Props> = ({ axis, date, hours, timezone }) => {
  const format = useFormatters(timezone)
  return (
    <div aria-hidden className="rl-grid__axis">
      {date &&
        hours.map((minute) => (
          <span className="rl-grid__hour-label" key={minute} style={{ top: (minute - axis.start) * PX_PER_MINUTE }}>
            {format.time(zonedEpoch(date, minute, timezone))}
          </span>
        ))}
    </div>
  )
}
