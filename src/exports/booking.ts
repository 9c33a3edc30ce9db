/**
 * The booking kit for a site's own customers: `payload-reserve-ledger/booking`. Headless hooks
 * (the flow, the catalog, a day's free times, the hold and its countdown, the waitlist of a full
 * day, a guest's managing of their booking, a signed-in customer's own bookings) and the default
 * components composed from them; their look is `payload-reserve-ledger/booking.css`. It talks to
 * the plugin through `payload-reserve-ledger/api-client` and to Payload's REST API for the
 * services and resources anyone may read, the customer's session and their own bookings. Its
 * components and hooks are client modules each; the
 * rest (formatting, the .ics text, the language pick) runs on the server too.
 */
export { BookingConfirmation } from '../booking/BookingConfirmation.js'
export { BookingFlow, type BookingFlowProps } from '../booking/BookingFlow.js'
export { BookingShell } from '../booking/BookingShell.js'
export { bookingIcs, type IcsBooking } from '../booking/booking-ics.js'
export { bookingWindowEnd, type BookingWindowEnd } from '../booking/booking-window.js'
export { type BookingLanguage, BookingLanguageProvider, useBookingLanguage } from '../booking/booking-texts-context.js'
export { type BookableResource, type BookableService, type Catalog, type CatalogSlugs, loadCatalog, resourcesFor } from '../booking/catalog.js'
export { type SignedInCustomer, type SignInResult, signedInCustomer, signInCustomer, signOutCustomer } from '../booking/customer-session.js'
export { CustomerSignIn, type CustomerSignInProps } from '../booking/CustomerSignIn.js'
export { DayNavigator } from '../booking/DayNavigator.js'
export { findNextFreeTimes, freeSlotsOn, NEXT_FREE_DAYS, type OwnHold, type SlotsQuestion } from '../booking/find-free-slots.js'
export { type FreeSlot, firstFreePerStart, nextFreeTimes, type ResourceSlots } from '../booking/free-slot.js'
export { type GuestDetails, guestProblems, trimmedGuest } from '../booking/guest-details.js'
export { GuestForm } from '../booking/GuestForm.js'
export { HoldCountdown } from '../booking/HoldCountdown.js'
export { LengthChoice } from '../booking/LengthChoice.js'
export { ManageBooking, type ManageBookingProps } from '../booking/ManageBooking.js'
export { MyBookings, type MyBookingsProps } from '../booking/MyBookings.js'
export { type LengthDefaults, lengthLabel, lengthsOf, PLUGIN_LENGTH_DEFAULTS } from '../booking/lengths.js'
export { loadMyBookings, MY_BOOKINGS_LIMIT, type MyBooking, type MyBookings as MyBookingsList } from '../booking/my-bookings.js'
export { RefusalNotice } from '../booking/RefusalNotice.js'
export { type Repeat, REPEAT_COUNTS, recurrenceOf, refusedOccurrences, repeatsFor, type RepeatServices } from '../booking/repeat.js'
export { RepeatChoice } from '../booking/RepeatChoice.js'
export { SeriesConfirmation } from '../booking/SeriesConfirmation.js'
export { SeriesRefusalNotice } from '../booking/SeriesRefusalNotice.js'
export { ServiceChoice } from '../booking/ServiceChoice.js'
export { SlotButton, SlotList } from '../booking/SlotList.js'
export { BOOKING_TEXTS, bookingTexts, directionOf, pickLocale } from '../booking/texts/booking-texts.js'
export type { BookingTextKey, BookingTexts } from '../booking/texts/en.js'
export { type BookingFlow as BookingFlowState, type BookingFlowDefaults, type BookingPhase, type BookingRefusal, useBookingFlow, useReserveClients } from '../booking/use-booking-flow.js'
export { useCatalog } from '../booking/use-catalog.js'
export { useCountdown } from '../booking/use-countdown.js'
export { type CustomerState, useCustomer } from '../booking/use-customer.js'
export { useFreeSlots } from '../booking/use-free-slots.js'
export { useHold } from '../booking/use-hold.js'
export { type ManagedBookingQuestion, type ManagedBookingState, type ManageOutcome, type ManagePhase, useManagedBooking } from '../booking/use-managed-booking.js'
export { type MyBookingsState, useMyBookings } from '../booking/use-my-bookings.js'
export { type SeriesBooking, type SeriesRefusal, useSeriesBooking } from '../booking/use-series-booking.js'
export { useVisitorZone } from '../booking/use-visitor-zone.js'
export { useWaitlist, type Waitlist, type WaitlistDay } from '../booking/use-waitlist.js'
export { waitlistRange } from '../booking/waitlist-range.js'
export { WaitlistOffer } from '../booking/WaitlistOffer.js'
export { countdownLabel, dateLabel, timeIn, timeWithZones, whenLabel } from '../booking/zoned-time.js'
