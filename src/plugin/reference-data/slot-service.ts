import type { SlotService } from '../../availability/generate-slots.js'
import type { ResolvedOptions } from '../options.js'
import type { ServiceRecord } from './records.js'

/**
 * How a service occupies time, with the plugin defaults applied exactly as the booking path
 * applies them (no before-buffer, `defaultBufferTime` after, `slotInterval` step), so that
 * every slot offered is a booking that fits.
 */
export const slotServiceOf = (service: ServiceRecord, options: ResolvedOptions): SlotService => ({
  bufferAfterMinutes: service.bufferTimeAfter ?? options.defaultBufferTime,
  bufferBeforeMinutes: service.bufferTimeBefore ?? 0,
  durationMinutes: service.duration ?? Number.NaN,
  durationType: service.durationType,
  slotIntervalMinutes: service.slotInterval ?? options.slotInterval,
})
