import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'

/** What a reservation's write reads of the options: its plan, the booking rules, the status machine, the decision's meta and the write protocol. */
export type BookingWriteOptions = RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'access' | 'adminGroup' | 'allowGuestBooking' | 'bookingWindow' | 'cancelledStatus' | 'components' | 'debug' | 'defaultBufferTime' | 'disabled' | 'enforceActive' | 'getExternalBusy' | 'maxFlexibleDuration' | 'slotInterval' | 'statusMachine' | 'timezone'>
