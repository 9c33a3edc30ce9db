/**
 * The plugin's client components, referenced from the Payload config by path
 * (`payload-reserve-ledger/client#TodayWidget`) and resolved through the admin's import map.
 */
export { TodayWidget } from '../admin/dashboard/TodayWidget.js'
export { EventValueField } from '../admin/events/EventValueField.js'
export { CalendarDateField } from '../admin/fields/CalendarDateField.js'
export { ColourField } from '../admin/fields/ColourField.js'
export { CustomerSearchField } from '../admin/fields/CustomerSearchField.js'
export { ItemsField } from '../admin/fields/ItemsField.js'
export { RepeatsFormField } from '../admin/fields/RepeatsFormField.js'
export { ReservationFormBehaviour } from '../admin/fields/ReservationFormBehaviour.js'
export { SlotPickerField } from '../admin/fields/SlotPickerField.js'
export { StatusField } from '../admin/fields/StatusField.js'
export { TimeZoneField } from '../admin/fields/TimeZoneField.js'
export { WeekdayHours } from '../admin/fields/WeekdayHours.js'
export { ZonedDateTimeField } from '../admin/fields/ZonedDateTimeField.js'
export { ZonedTimestamps } from '../admin/fields/ZonedTimestamps.js'
export { CustomerCell } from '../admin/list/CustomerCell.js'
export { RelatedCell } from '../admin/list/RelatedCell.js'
export { ZonedDateCell } from '../admin/list/ZonedDateCell.js'
export { AvailabilityNavLink } from '../admin/nav/AvailabilityNavLink.js'

// Primitives for a site that replaces one of the components above (`components` option): the
// typed HTTP client (`useReserveClient`; the rest of it is `payload-reserve-ledger/api-client`), the data hooks, the plugin's strings and formatting, and the pieces of the
// reservation drawer with the hooks a replacement of it reads the opened reservation by.
export { HistoryTimeline } from '../admin/drawer/HistoryTimeline.js'
export { type ReservationDetailProps, useReservationDetail } from '../admin/drawer/reservation-detail-context.js'
export { ReservationDetails } from '../admin/drawer/ReservationDetails.js'
export { ReservationDrawer } from '../admin/drawer/ReservationDrawer.js'
export { type OpenedReservation, useOpenedReservation } from '../admin/drawer/use-opened-reservation.js'
export { StatusActions } from '../admin/shared/StatusActions.js'
export { StatusPill } from '../admin/shared/StatusPill.js'
export { type Api, useApi } from '../admin/shared/use-api.js'
export { useAvailability } from '../admin/shared/use-availability.js'
export { type Formatters, useFormatters } from '../admin/shared/use-formatters.js'
export { useLiveUpdates } from '../admin/shared/use-live-updates.js'
export { type Reservations, type ReservationsQuery, useReservations } from '../admin/shared/use-reservations.js'
export { useReserveClient } from '../admin/shared/use-reserve-client.js'
export { useReserveTranslation } from '../admin/shared/use-reserve-translation.js'
export { useResources } from '../admin/shared/use-resources.js'
export type * from '../contract/http.js'
