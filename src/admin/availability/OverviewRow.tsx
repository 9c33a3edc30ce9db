'use client'
import React from 'react'

import type { AdminSettings, ResourceRecord } from '../../contract/http.js'
import type { EpochAvailability } from '../shared/capacity.js'

import { isWeekend } from '../shared/calendar-dates.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { OverviewCell } from './OverviewCell.js'

interface Props {
  availability: EpochAvailability | undefined
  dates: string[]
  resource: ResourceRecord
  settings: AdminSettings
}

/** A resource's row: its name and capacity, then a cell per day. */
export const OverviewRow: React.FC<Props> = ({ availability, dates, resource, settings }) => {
  const { t } = useReserveTranslation()
  return (
    <tr data-resource-id={String(resource.id)}>
      <th scope="row">
        <span className="rl-overview__name">{resource.name}</span>
        {(resource.quantity ?? 1) > 1 && (
          <span className="rl-overview__capacity">
            {t(resource.capacityMode === 'per-guest' ? 'seatsCount' : 'unitsCount', {
              count: resource.quantity ?? 1,
            })}
          </span>
        )}
      </th>
      {dates.map((date) => (
        <td className={isWeekend(date) ? 'rl-overview__weekend' : undefined} data-date={date} key={date}>
          <OverviewCell availability={availability} date={date} resource={resource} settings={settings} />
        </td>
      ))}
    </tr>
  )
}
