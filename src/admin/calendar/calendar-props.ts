import type { ListViewClientProps } from 'payload'

import type { AdminSettings } from '../../plugin/http/contract.js'
import type { CalendarMode } from './modes.js'

/** What the server half of the calendar list view hands the client half. */
export interface ReservationsCalendarProps extends ListViewClientProps {
  initialDate: string
  initialMode: CalendarMode
  initialResource: null | string
  settings: AdminSettings
}
