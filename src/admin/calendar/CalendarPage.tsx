'use client'
import { DefaultListView, Gutter } from '@payloadcms/ui'
import React, { useEffect, useRef, useState } from 'react'

import type { ReservationRecord } from '../../contract/http.js'
import type { ReservationsCalendarProps } from './calendar-props.js'

import { usePrivileged } from '../shared/use-privileged.js'
import { useLiveUpdates } from '../shared/use-live-updates.js'
import { useResources } from '../shared/use-resources.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { AsOfBanner } from './AsOfBanner.js'
import { BookingSearch } from './BookingSearch.js'
import { CalendarActions } from './CalendarActions.js'
import { CalendarContent } from './CalendarContent.js'
import { CalendarDrawers } from './CalendarDrawers.js'
import { CalendarToolbar } from './CalendarToolbar.js'
import { HoldChangeContext } from './hold-change-context.js'
import { QuickCreate } from './QuickCreate.js'
import { WaitlistPanel } from './WaitlistPanel.js'
import { type Highlight, HighlightedBooking, pageKey } from './highlighted-booking.js'
import { jumpTarget } from './jump-to-booking.js'
import { useCalendarDrawers } from './use-calendar-drawers.js'
import { type CalendarNavigation, useCalendarNavigation } from './use-calendar-navigation.js'
import { useListAddress } from './use-list-address.js'
import { useSearchPlaceholder } from './use-search-placeholder.js'
import { isDatedMode } from './modes.js'
import { useCollectionLabel } from './use-collection-label.js'
import './reservations-calendar.css'
import './narrow-screen.css'

/** The list mode's page: Payload's list, kept at the list's address and saying what its search box searches. */
const ListPage: React.FC<{ children: React.ReactNode; nav: CalendarNavigation }> = ({ children, nav }) => {
  const { t } = useReserveTranslation()
  const page = useRef<HTMLDivElement>(null)
  useListAddress(nav.date, nav.resource)
  useSearchPlaceholder(page, t('listSearchPlaceholder'))
  return (
    <div className="rl-calendar" data-mode="list" ref={page}>
      {children}
    </div>
  )
}

/** The calendar in its modes, with the toolbar above and the drawers it opens. */
export const CalendarPage: React.FC<ReservationsCalendarProps> = (props) => {
  const { detail, initialDate, initialMode, initialResource, settings, ...listProps } = props
  const { hasCreatePermission } = listProps
  const { t } = useReserveTranslation()
  const nav = useCalendarNavigation(
    { date: initialDate, mode: initialMode, resource: initialResource },
    settings.timezone,
  )
  const { mode } = nav
  const drawers = useCalendarDrawers(settings, detail)
  const { resources } = useResources(settings)
  const plural = useCollectionLabel(settings.slugs.reservations)
  const [asOf, setAsOf] = useState<null | number>(null)
  const privileged = usePrivileged(settings)
  const [highlight, setHighlight] = useState<Highlight | null>(null)
  const [waitlistOpen, setWaitlistOpen] = useState(false)
  const showsWaitlist = privileged && isDatedMode(mode) && asOf === null
  // Other users' changes, as they happen; the past shown as of an instant does not change.
  useLiveUpdates(drawers.refresh, mode !== 'list' && asOf === null)

  const actions = (list: boolean) => (
    <CalendarActions
      onAsOf={privileged && isDatedMode(mode) && asOf === null ? setAsOf : null}
      // The table has Payload's own create button; the past is read-only.
      onCreate={hasCreatePermission && !list && asOf === null ? () => drawers.book(null, null) : null}
      onWaitlist={showsWaitlist ? () => setWaitlistOpen((open) => !open) : null}
      timezone={settings.timezone}
      waitlistOpen={waitlistOpen}
    />
  )

  // A found booking, shown now on its day (and its resource, where a filter would hide it).
  const jump = (reservation: ReservationRecord) => {
    const target = jumpTarget(reservation, nav, settings.timezone)
    setAsOf(null)
    nav.setMode(target.mode)
    nav.setDate(target.date)
    nav.setResource(target.resource)
    setHighlight({ at: Date.now(), id: reservation.id, page: pageKey(target) })
  }
  const shownPage = pageKey(nav)
  useEffect(() => {
    setHighlight((current) => (current && current.page !== shownPage ? null : current))
  }, [shownPage])

  // The same header and toolbar over the list as over the calendar: switching modes moves neither.
  const header = (list: boolean) => (
    <>
      <header className="rl-calendar__header">
        <h1 className="rl-calendar__heading">{plural}</h1>
        <p className="rl-calendar__zone">{t('timesIn', { zone: settings.timezone })}</p>
        {/* Over the list too (beside Payload's own search of the rows): the header stays put when switching modes, and a pick opens the booking's day. */}
        <BookingSearch onPick={jump} settings={settings} />
        {actions(list)}
      </header>
      <CalendarToolbar nav={nav} resources={resources} timezone={settings.timezone} />
    </>
  )

  if (mode === 'list') {
    return (
      <ListPage nav={nav}>
        <Gutter>{header(true)}</Gutter>
        <DefaultListView {...listProps} />
        <CalendarDrawers detail={detail} drawers={drawers} settings={settings} />
      </ListPage>
    )
  }

  return (
    <HighlightedBooking.Provider value={highlight}>
      <div className="rl-calendar" data-mode={mode}>
        <Gutter>
          {header(false)}
          {asOf !== null && isDatedMode(mode) && <AsOfBanner at={asOf} onNow={() => setAsOf(null)} timezone={settings.timezone} />}
          {showsWaitlist && waitlistOpen && (
            <WaitlistPanel
              dates={nav.dates}
              onOffered={drawers.refresh}
              refreshKey={drawers.refreshKey}
              resource={nav.resource}
              resources={resources}
              settings={settings}
            />
          )}
          <HoldChangeContext.Provider value={drawers.refresh}>
            <CalendarContent
              asOf={asOf}
              drawers={drawers}
              mayCreate={hasCreatePermission}
              nav={nav}
              resources={resources}
              settings={settings}
            />
          </HoldChangeContext.Provider>
          <CalendarDrawers detail={detail} drawers={drawers} settings={settings} />
          {drawers.quickTarget && (
            <QuickCreate
              key={`${drawers.quickTarget.start}|${drawers.quickTarget.resource?.id ?? ''}`}
              onBooked={() => {
                drawers.closeQuick()
                drawers.refresh()
              }}
              onClose={drawers.closeQuick}
              onMore={(resource, choice) => drawers.book(drawers.quickTarget?.start ?? null, resource, choice)}
              onRefused={drawers.quickRefused}
              resources={resources}
              settings={settings}
              target={drawers.quickTarget}
            />
          )}
        </Gutter>
      </div>
    </HighlightedBooking.Provider>
  )
}
