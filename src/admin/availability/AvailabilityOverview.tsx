'use client'
import { Banner, ShimmerEffect, useStepNav } from '@payloadcms/ui'
import React, { useEffect, useMemo, useState } from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { withCompleted } from '../shared/capacity.js'
import { dayBounds, datesFrom } from '../shared/calendar-dates.js'
import { useAvailability } from '../shared/use-availability.js'
import { useCompleted } from '../shared/use-completed.js'
import { useResources } from '../shared/use-resources.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { OverviewTable } from './OverviewTable.js'
import { OverviewToolbar } from './OverviewToolbar.js'
import { useDateParam } from './use-date-param.js'
import './availability-overview.css'

/** Two weeks fit a screen and show a fortnight's rhythm. */
const DAYS_SHOWN = 14

interface Props {
  initialDate: string
  settings: AdminSettings
}

/**
 * Resources by days: for each, how much working capacity is free and how much is booked, or
 * that the resource does not work or is off. A cell opens that day's lanes in the calendar.
 */
export const AvailabilityOverview: React.FC<Props> = ({ initialDate, settings }) => {
  const { t } = useReserveTranslation()
  const { setStepNav } = useStepNav()
  const [first, setFirst] = useState(initialDate)
  const { error, resources } = useResources(settings)
  const dates = useMemo(() => datesFrom(first, DAYS_SHOWN), [first])
  const from = dayBounds(dates[0], settings.timezone).start
  const to = dayBounds(dates[dates.length - 1], settings.timezone).end
  const ids = useMemo(() => (resources ?? []).map((one) => one.id), [resources])
  const held = useAvailability(ids, from, to, 0)
  const completed = useCompleted(settings, from, to)
  const availability = useMemo(
    () => held && completed && new Map([...held].map(([id, one]) => [id, withCompleted(one, completed.get(id) ?? [])])),
    [completed, held],
  )
  const title = t('availabilityOverview')
  useEffect(() => setStepNav([{ label: title }]), [setStepNav, title])
  useDateParam(first)

  return (
    <div className="rl-overview">
      <header className="rl-overview__header">
        <h1 className="rl-overview__title">{title}</h1>
        <p className="rl-overview__zone">{t('timesIn', { zone: settings.timezone })}</p>
      </header>
      <OverviewToolbar dates={dates} first={first} onFirst={setFirst} timezone={settings.timezone} />
      {error && <Banner type="error">{error}</Banner>}
      {!error && (resources === null || availability === null) && <ShimmerEffect height="20rem" />}
      {resources && availability && resources.length === 0 && <p>{t('noResources')}</p>}
      {resources && availability && resources.length > 0 && (
        <OverviewTable availability={availability} dates={dates} resources={resources} settings={settings} />
      )}
      <p className="rl-overview__note">{t('overviewNote')}</p>
    </div>
  )
}
