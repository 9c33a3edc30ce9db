'use client'
import React from 'react'

import type { AdminSettings, ResourceRecord } from '../../contract/http.js'
import type { CalendarDrawers } from './use-calendar-drawers.js'
import type { CalendarNavigation } from './use-calendar-navigation.js'

import { DatedCalendar } from './DatedCalendar.js'
import { isDatedMode } from './modes.js'
import { PendingQueue } from './PendingQueue.js'
import { useMoveReservation } from './use-move-reservation.js'

interface Props {
  /** The past instant shown: read-only, nothing opens or books. Null for now. */
  asOf: null | number
  drawers: CalendarDrawers
  nav: CalendarNavigation
  /** Whether the admin may create reservations, by clicking the calendar's free time. */
  mayCreate: boolean
  resources: null | ResourceRecord[]
  settings: AdminSettings
}

const ignore = (): void => undefined

/** What the mode shows under the toolbar: the pending queue, or the calendar on dates. */
export const CalendarContent: React.FC<Props> = ({ asOf, drawers, mayCreate, nav, resources, settings }) => {
  const { open, quick, refresh, refreshKey } = drawers
  const { date, dates, mode } = nav
  const move = useMoveReservation(settings, refresh)
  return (
    <>
      {mode === 'pending' && (
        <PendingQueue onChanged={refresh} onOpen={open} refreshKey={refreshKey} settings={settings} />
      )}
      {isDatedMode(mode) && (
        <DatedCalendar
          asOf={asOf}
          date={date}
          dates={dates}
          mode={mode}
          onBook={mayCreate && asOf === null ? quick : null}
          onDay={nav.showDay}
          onMove={asOf === null ? move : null}
          // The drawer's status moves change the booking; as of the past there is nothing to change.
          onOpen={asOf === null ? open : ignore}
          refreshKey={refreshKey}
          resource={nav.resource}
          resources={resources}
          settings={settings}
        />
      )}
    </>
  )
}
