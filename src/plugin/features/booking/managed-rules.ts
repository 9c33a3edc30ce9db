import type { ManagedBooking } from '../../../contract/http.js'
import type { ResolvedOptions } from '../../options.js'
import type { ServiceRecord } from '../../shared/reference-data/records.js'

import { bookingWindowOf } from '../../shared/reference-data/booking-window.js'

const HOUR_MS = 3_600_000

const isoOrNull = (epoch: number): null | string => (Number.isFinite(epoch) ? new Date(epoch).toISOString() : null)

/**
 * What the caller may still do with a reservation at `now`, as the ledger would decide it: no
 * change to a terminal status, cancelling only where the status machine leads to the cancelled
 * status, and both only before the notice period (privileged staff exempt). A move's new start
 * lies in the service's booking window.
 */
export const managedRules = (
  reservation: { startTime: string; status: string },
  service: ServiceRecord | undefined,
  options: Pick<ResolvedOptions, 'bookingWindow' | 'cancellationNoticePeriod' | 'cancelledStatus' | 'statusMachine'>,
  { now, privileged }: { now: number; privileged: boolean },
): ManagedBooking['rules'] => {
  const { cancelledStatus, statusMachine } = options
  const changeUntil = Date.parse(reservation.startTime) - options.cancellationNoticePeriod * HOUR_MS
  const inTime = privileged || now <= changeUntil
  const open = !statusMachine.terminalStatuses.includes(reservation.status)
  const window = service && !privileged ? bookingWindowOf(service, options, now) : null
  return {
    cancel: inTime && open && (statusMachine.transitions[reservation.status] ?? []).includes(cancelledStatus),
    changeUntil: privileged ? null : new Date(changeUntil).toISOString(),
    earliestStart: window && new Date(window.earliest).toISOString(),
    latestStart: window && isoOrNull(window.latest),
    noticePeriodHours: options.cancellationNoticePeriod,
    reschedule: inTime && open,
  }
}
