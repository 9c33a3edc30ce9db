/**
 * The plugin's client components, referenced from the Payload config by path
 * (`payload-reserve-ledger/client#TodayWidget`) and resolved through the admin's import map.
 */
export { TodayWidget } from '../admin/dashboard/TodayWidget.js'
export { CustomerSearchField } from '../admin/fields/CustomerSearchField.js'
export { SlotPickerField } from '../admin/fields/SlotPickerField.js'
export { AvailabilityNavLink } from '../admin/nav/AvailabilityNavLink.js'
