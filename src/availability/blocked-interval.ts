import type { Interval } from '../events/types.js'

import { nextLocalMidnight, startOfLocalDay } from '../time/local-time.js'
import { MINUTE_MS, type ServiceTiming } from './service-timing.js'

type Blocking = Pick<ServiceTiming, 'bufferAfterMinutes' | 'bufferBeforeMinutes' | 'durationType'>

const checkBuffer = (minutes: number, name: string): number => {
  // Fail closed: a missing buffer (a failed service lookup) must not become zero.
  if (!Number.isFinite(minutes) || minutes < 0) {
    throw new RangeError(`Invalid ${name} ${minutes}: needs a non-negative number of minutes`)
  }
  return minutes * MINUTE_MS
}

/**
 * The interval a booking claims on a resource: `[start − bufferBefore, end + bufferAfter)`, or
 * for full-day services the whole local days (in `timeZone`) the booking touches, buffers
 * ignored. The booking path and availability both call this, so they cannot disagree.
 */
export const blockedInterval = (
  booking: Interval,
  service: Blocking,
  timeZone: string,
): Interval => {
  const { end, start, units } = booking
  if (!Number.isFinite(start) || !Number.isFinite(end) || !(end > start)) {
    throw new RangeError(`Invalid booking [${start}, ${end}): needs finite start < end`)
  }
  if (service.durationType === 'full-day') {
    return { end: nextLocalMidnight(end - 1, timeZone), start: startOfLocalDay(start, timeZone), units }
  }
  return {
    end: end + checkBuffer(service.bufferAfterMinutes, 'bufferAfterMinutes'),
    start: start - checkBuffer(service.bufferBeforeMinutes, 'bufferBeforeMinutes'),
    units,
  }
}
