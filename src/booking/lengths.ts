import type { BookableService } from './catalog.js'

/**
 * What the browser cannot read of the plugin's options: a flexible service's longest booking and
 * its step where the service sets none. The plugin's defaults, unless a site changed them.
 */
export interface LengthDefaults {
  /** The plugin's `maxFlexibleDuration`, in minutes (default 1440). */
  maxLength: number
  /** The plugin's `slotInterval`, in minutes (default 15). */
  slotInterval: number
}

export const PLUGIN_LENGTH_DEFAULTS: LengthDefaults = { maxLength: 1440, slotInterval: 15 }

/**
 * The lengths, in minutes, a guest may book `service` for, as the server allows them: a flexible
 * service's duration and on in steps of its slot interval up to its longest booking (the plugin's
 * where it sets none); null for a service whose length is fixed.
 */
export const lengthsOf = (service: BookableService | undefined, defaults: LengthDefaults = PLUGIN_LENGTH_DEFAULTS): null | number[] => {
  if (service?.durationType !== 'flexible' || typeof service.duration !== 'number' || service.duration < 1) {
    return null
  }
  const shortest = service.duration
  const longest = service.maxFlexibleDuration ?? defaults.maxLength
  // A step below a minute would never reach the longest; the server's are whole minutes from 1.
  const step = Math.max(1, service.slotInterval ?? defaults.slotInterval)
  const lengths: number[] = []
  for (let minutes = shortest; minutes <= longest; minutes += step) {
    lengths.push(minutes)
  }
  return lengths
}

const unit = (locale: string, name: 'hour' | 'minute', value: number): string =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value)

/** `1 hr 30 min`, `45 Min.`: a length in hours and minutes, as the language writes the units. */
export const lengthLabel = (minutes: number, locale: string): string => {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return [hours > 0 && unit(locale, 'hour', hours), (rest > 0 || hours === 0) && unit(locale, 'minute', rest)].filter(Boolean).join(' ')
}
