import type { DurationRange } from '../../../availability/duration-range.js'
import type { SlotService } from '../../../availability/generate-slots.js'
import type { ResolvedOptions } from '../../options.js'
import type { ServiceRecord } from './records.js'

/**
 * How a service occupies time, with the plugin defaults applied exactly as the booking path
 * applies them (no before-buffer, `defaultBufferTime` after, `slotInterval` step), so that
 * every slot offered is a booking that fits.
 */
export const slotServiceOf = (service: ServiceRecord, options: Pick<ResolvedOptions, 'defaultBufferTime' | 'slotInterval'>): SlotService => ({
  bufferAfterMinutes: service.bufferTimeAfter ?? options.defaultBufferTime,
  bufferBeforeMinutes: service.bufferTimeBefore ?? 0,
  durationMinutes: service.duration ?? Number.NaN,
  durationType: service.durationType,
  slotIntervalMinutes: service.slotInterval ?? options.slotInterval,
})

/**
 * The lengths a booking of `service` may have: its duration, or a flexible service's window on its
 * slot grid, up to its own longest booking or else the plugin's `maxFlexibleDuration`.
 */
export const durationRangeOf = (service: ServiceRecord, options: Pick<ResolvedOptions, 'maxFlexibleDuration' | 'slotInterval'>): DurationRange => {
  const min = service.duration ?? Number.NaN
  return service.durationType === 'flexible'
    ? { max: service.maxFlexibleDuration ?? options.maxFlexibleDuration, min, step: service.slotInterval ?? options.slotInterval }
    : { max: min, min, step: 1 }
}
