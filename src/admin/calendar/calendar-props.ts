import type { ListViewClientProps } from 'payload'
import type React from 'react'

import type { AdminSettings } from '../../contract/http.js'
import type { CalendarMode } from './modes.js'

/**
 * What opens when a reservation is clicked: the plugin's drawer, Payload's form of the
 * reservation, or the site's replacement (`components.reservationDetail`), rendered by the
 * server half.
 */
export type ReservationDetail = 'drawer' | 'form' | { replacement: React.ReactNode }

/** What the server half of the calendar list view hands the client half. */
export interface ReservationsCalendarProps extends ListViewClientProps {
  detail: ReservationDetail
  initialDate: string
  initialMode: CalendarMode
  initialResource: null | string
  settings: AdminSettings
}
