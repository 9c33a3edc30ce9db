import type { ResolvedOptions } from '../../options.js'
import type { ServiceRecord } from './records.js'

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

/** The starts a customer may book `service` at, seen at `now`: the service's window, else the plugin's. */
export const bookingWindowOf = (service: ServiceRecord, options: Pick<ResolvedOptions, 'bookingWindow'>, now: number): { earliest: number; latest: number } => {
  const notice = service.minNoticeMinutes ?? options.bookingWindow.minNoticeMinutes
  const advance = service.maxAdvanceDays ?? options.bookingWindow.maxAdvanceDays
  return { earliest: now + notice * MINUTE_MS, latest: advance === null ? Number.POSITIVE_INFINITY : now + advance * DAY_MS }
}
