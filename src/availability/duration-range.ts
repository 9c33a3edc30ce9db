/**
 * The lengths, in minutes, a booking of a service may have: exactly its duration, or for a
 * flexible service any length from `min` to `max` in steps of `step` counted from `min` (so a
 * booking starting on the slot grid also ends on it).
 */
export interface DurationRange {
  max: number
  min: number
  step: number
}

export const allowsDuration = ({ max, min, step }: DurationRange, minutes: number): boolean =>
  Number.isInteger(minutes) && minutes >= min && minutes <= max && (minutes - min) % step === 0

/** "from 30 to 120 minutes, in steps of 15" or "60 minutes", for refusals. */
export const describeDurations = ({ max, min, step }: DurationRange): string =>
  min === max ? `${min} minutes` : `from ${min} to ${max} minutes, in steps of ${step}`
