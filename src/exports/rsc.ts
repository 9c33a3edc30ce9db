/**
 * The plugin's server components, referenced from the Payload config by path
 * (`payload-reserve-ledger/rsc#AvailabilityOverviewView`). They prepare what only the server
 * knows (the request's search parameters, the session) and render the client components.
 */
export { AvailabilityOverviewView } from '../admin/availability/AvailabilityOverviewView.js'
export { ReservationsCalendarView } from '../admin/calendar/ReservationsCalendarView.js'
