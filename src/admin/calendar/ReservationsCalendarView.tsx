import type { ListViewClientProps, ListViewServerProps } from 'payload'

import React from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { todayIn } from '../shared/calendar-dates.js'
import { validDate } from '../shared/valid-date.js'
import { isCalendarMode } from './modes.js'
import { ReservationsCalendar } from './ReservationsCalendar.js'
import { resolveReservationDetail } from './resolve-reservation-detail.js'

type Props = ListViewServerProps & {
  /** The site's `components.reservationDetail`, when it set one (the plugin passes it as a server prop). */
  reservationDetail?: false | string
  settings: AdminSettings
}

const param = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

/**
 * The server half of the calendar list view: reads the page from the address (`view`, `date`,
 * `resource`) and today's date in the plugin's zone, so the first render already shows the
 * right page, renders the site's reservation detail if it chose one, and hands the client half
 * only what can cross to the browser.
 */
export const ReservationsCalendarView: React.FC<Props> = (props) => {
  const {
    collectionConfig: _collectionConfig,
    data: _data,
    i18n: _i18n,
    limit: _limit,
    listSearchableFields: _listSearchableFields,
    locale: _locale,
    params: _params,
    payload,
    permissions: _permissions,
    reservationDetail,
    searchParams,
    settings,
    user: _user,
    ...clientProps
  } = props
  const view = param(searchParams?.view)
  return (
    <ReservationsCalendar
      {...(clientProps as ListViewClientProps)}
      detail={resolveReservationDetail(reservationDetail, payload.importMap, settings)}
      initialDate={validDate(searchParams?.date) ?? todayIn(settings.timezone)}
      initialMode={isCalendarMode(view) ? view : 'week'}
      initialResource={param(searchParams?.resource) ?? null}
      settings={settings}
    />
  )
}
