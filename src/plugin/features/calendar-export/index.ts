// Reservations as an iCalendar feed. What the shell and other features may use of it.
export { calendarExportSlice } from './slice.js'
