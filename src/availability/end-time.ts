import { nextLocalMidnight, startOfLocalDay } from '../time/local-time.js'
import { MINUTE_MS, type ServiceTiming } from './service-timing.js'

type Timing = Pick<ServiceTiming, 'durationMinutes' | 'durationType'>

/**
 * A booking's start as stored. Full-day bookings are normalised to local midnight (in the
 * resource's zone) of the day their start falls on, so a stored full-day reservation reads
 * 00:00 to 00:00 and equals the slot availability offered; fixed starts are kept as given.
 */
export const normaliseStart = (start: number, service: Timing, timeZone: string): number =>
  service.durationType === 'full-day' ? startOfLocalDay(start, timeZone) : start

/**
 * The end of a booking that gives none: start plus the duration for fixed services; for
 * full-day services the local midnight ending the start's day (23 or 25 hours on DST days,
 * whatever `durationMinutes` says).
 */
export const computeEndTime = (start: number, service: Timing, timeZone: string): number => {
  if (service.durationType === 'full-day') {
    return nextLocalMidnight(start, timeZone)
  }
  if (!Number.isFinite(service.durationMinutes) || !(service.durationMinutes > 0)) {
    throw new RangeError(`Invalid duration ${service.durationMinutes}: needs a positive number of minutes`)
  }
  return start + service.durationMinutes * MINUTE_MS
}
