'use client'
import type { ListViewClientProps } from 'payload'

import { getTranslation } from '@payloadcms/translations'
import {
  DefaultListView,
  Gutter,
  useConfig,
  useDocumentDrawer,
  useListDrawerContext,
  useModal,
  useStepNav,
  useTranslation,
} from '@payloadcms/ui'
import React, { useCallback, useEffect, useMemo, useState } from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'
import type { ReservationRecord, ResourceRecord } from '../../plugin/http/contract.js'

import { ReservationDrawer } from '../drawer/ReservationDrawer.js'
import { AVAILABILITY_VIEW_PATH } from '../../plugin/http/contract.js'
import { todayIn } from '../shared/calendar-dates.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useResources } from '../shared/use-resources.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { CalendarToolbar } from './CalendarToolbar.js'
import { DatedCalendar } from './DatedCalendar.js'
import { type CalendarMode, datesShown, isDatedMode, stepDate } from './modes.js'
import { PendingQueue } from './PendingQueue.js'
import { useCalendarURL } from './use-calendar-url.js'
import './reservations-calendar.css'

export interface ReservationsCalendarProps extends ListViewClientProps {
  initialDate: string
  initialMode: CalendarMode
  initialResource: null | string
  settings: AdminSettings
}

const DETAILS_DRAWER = 'rl-reservation-details'

/**
 * The reservations collection's list view: a calendar by month, week, day or resource lanes,
 * the queue of pending reservations, and Payload's own table one click away. Opened from a
 * relationship field's drawer it is just the table, which is what picking a document needs.
 */
export const ReservationsCalendar: React.FC<ReservationsCalendarProps> = (props) => {
  const { initialDate, initialMode, initialResource, settings, ...listProps } = props
  const { isInDrawer } = useListDrawerContext()
  if (isInDrawer) {
    return <DefaultListView {...listProps} />
  }
  return <CalendarPage {...props} />
}

const CalendarPage: React.FC<ReservationsCalendarProps> = (props) => {
  const { initialDate, initialMode, initialResource, settings, ...listProps } = props
  const { hasCreatePermission } = listProps
  const { t } = useReserveTranslation()
  const { i18n } = useTranslation()
  const { config, getEntityConfig } = useConfig()
  const { setStepNav } = useStepNav()
  const { openModal } = useModal()
  const format = useFormatters(settings.timezone)
  const [mode, setMode] = useState(initialMode)
  const [date, setDate] = useState(initialDate)
  const [resource, setResource] = useState(initialResource)
  const [refreshKey, setRefreshKey] = useState(0)
  const [opened, setOpened] = useState<null | string>(null)
  const [prefill, setPrefill] = useState<Record<string, unknown>>({})
  const { resources } = useResources(settings)
  const [CreateDrawer, , { closeDrawer, openDrawer }] = useDocumentDrawer({
    collectionSlug: settings.slugs.reservations,
  })
  useCalendarURL(mode, date, resource)

  const plural = getTranslation(
    getEntityConfig({ collectionSlug: settings.slugs.reservations })?.labels?.plural ?? '',
    i18n,
  )
  useEffect(() => setStepNav([{ label: plural }]), [plural, setStepNav])

  const refresh = useCallback(() => setRefreshKey((key) => key + 1), [])
  const open = useCallback(
    (reservation: ReservationRecord) => {
      setOpened(reservation.id)
      openModal(DETAILS_DRAWER)
    },
    [openModal],
  )
  const book = useCallback(
    (start: null | string, bookedResource: null | ResourceRecord) => {
      setPrefill({
        ...(start ? { startTime: start } : {}),
        ...(bookedResource ? { resource: bookedResource.id } : {}),
      })
      openDrawer()
    },
    [openDrawer],
  )

  const dates = useMemo(() => (isDatedMode(mode) ? datesShown(mode, date) : []), [date, mode])
  const title = !isDatedMode(mode)
    ? ''
    : mode === 'month'
      ? format.month(date)
      : mode === 'week'
        ? `${format.shortDate(dates[0])} – ${format.shortDate(dates[dates.length - 1])}`
        : format.dateLong(date)

  const toolbar = (
    <CalendarToolbar
      date={date}
      mode={mode}
      // The table has Payload's own create button.
      onCreate={hasCreatePermission && mode !== 'list' ? () => book(null, null) : null}
      onDate={setDate}
      onMode={setMode}
      onResource={setResource}
      onStep={(direction) => isDatedMode(mode) && setDate(stepDate(mode, date, direction))}
      onToday={() => setDate(todayIn(settings.timezone))}
      overviewURL={`${config.routes.admin}${AVAILABILITY_VIEW_PATH}`}
      resource={resource}
      resources={resources}
      title={title}
    />
  )
  const drawers = (
    <>
      <ReservationDrawer drawerSlug={DETAILS_DRAWER} onChanged={refresh} reservationId={opened} settings={settings} />
      <CreateDrawer
        initialData={prefill}
        onSave={() => {
          closeDrawer()
          refresh()
        }}
        // Stay on the calendar, which shows the new reservation where it was booked.
        redirectAfterCreate={false}
      />
    </>
  )

  if (mode === 'list') {
    return (
      <div className="rl-calendar" data-mode={mode}>
        <Gutter className="rl-calendar__list-toolbar">{toolbar}</Gutter>
        <DefaultListView {...listProps} />
        {drawers}
      </div>
    )
  }

  return (
    <div className="rl-calendar" data-mode={mode}>
      <Gutter>
        <header className="rl-calendar__header">
          <h1 className="rl-calendar__heading">{plural}</h1>
          <p className="rl-calendar__zone">{t('timesIn', { zone: settings.timezone })}</p>
        </header>
        {toolbar}
        {mode === 'pending' && (
          <PendingQueue onChanged={refresh} onOpen={open} refreshKey={refreshKey} settings={settings} />
        )}
        {isDatedMode(mode) && (
          <DatedCalendar
            date={date}
            dates={dates}
            mode={mode}
            onBook={hasCreatePermission ? book : null}
            onDay={(day) => {
              setDate(day)
              setMode('day')
            }}
            onOpen={open}
            refreshKey={refreshKey}
            resource={resource}
            resources={resources}
            settings={settings}
          />
        )}
        {drawers}
      </Gutter>
    </div>
  )
}
