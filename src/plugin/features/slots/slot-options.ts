import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'

/** What finding free slots reads of the options: the window, buffers, durations, busy time elsewhere, and who asks. */
export type SlotOptions = RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'bookingWindow' | 'debug' | 'defaultBufferTime' | 'enforceActive' | 'getExternalBusy' | 'maxFlexibleDuration' | 'slotInterval' | 'timezone'>
