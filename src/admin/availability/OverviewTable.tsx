'use client'
import React from 'react'

import type { AdminSettings, ResourceRecord } from '../../contract/http.js'
import type { EpochAvailability } from '../shared/capacity.js'

import { isWeekend } from '../shared/calendar-dates.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { OverviewRow } from './OverviewRow.js'

interface Props {
  /** By resource id. */
  availability: Map<string, EpochAvailability>
  dates: string[]
  resources: ResourceRecord[]
  settings: AdminSettings
}

/** Resources down, days across. */
export const OverviewTable: React.FC<Props> = ({ availability, dates, resources, settings }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  return (
    <div className="rl-overview__scroll">
      <table className="rl-overview__table">
        <thead>
          <tr>
            <th scope="col">{t('resource')}</th>
            {dates.map((date) => (
              <th className={isWeekend(date) ? 'rl-overview__weekend' : undefined} key={date} scope="col">
                <span className="rl-overview__weekday">{format.weekday(date)}</span>
                <span className="rl-overview__date">{format.shortDate(date)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {resources.map((resource) => (
            <OverviewRow
              availability={availability.get(String(resource.id))}
              dates={dates}
              key={String(resource.id)}
              resource={resource}
              settings={settings}
            />
          ))}
        </tbody>
      </table>
    </div>
  )
}
