'use client'
import React from 'react'

import type { ResourceRecord } from '../../contract/http.js'

import { ResourceDot } from '../shared/ResourceDot.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

/** A resource lane's heading: its colour and name and, when it holds more than one, its capacity. */
export const LaneHead: React.FC<{ resource: ResourceRecord }> = ({ resource }) => {
  const { t } = useReserveTranslation()
  return (
    <span className="rl-calendar__lane-head">
      <span className="rl-calendar__lane-name">
        <ResourceDot resource={resource} />
        {resource.name}
      </span>
      {(resource.quantity ?? 1) > 1 && (
        <span className="rl-calendar__lane-capacity">
          {t(resource.capacityMode === 'per-guest' ? 'seatsCount' : 'unitsCount', { count: resource.quantity ?? 1 })}
        </span>
      )}
    </span>
  )
}
