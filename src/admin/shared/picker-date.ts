import { wallClockOf, zonedEpoch } from '../../time/local-time.js'

/**
 * Payload's date picker reads and writes its Date in the browser's zone. To show and take
 * times in the plugin's zone, it is handed a Date whose browser wall clock reads what the
 * zone's does, and the wall clock it gives back is read as the zone's.
 */

/** The browser-local Date that reads, by the clock, what `timeZone` reads at `epoch`. */
export const toPickerDate = (epoch: number, timeZone: string): Date => {
  const wall = new Date(wallClockOf(epoch, timeZone))
  return new Date(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
  )
}

const pad = (value: number) => String(value).padStart(2, '0')

/** The instant at which `timeZone` reads what the picked browser-local Date reads. */
export const fromPickerDate = (picked: Date, timeZone: string): number => {
  const date = `${picked.getFullYear()}-${pad(picked.getMonth() + 1)}-${pad(picked.getDate())}`
  return zonedEpoch(date, picked.getHours() * 60 + picked.getMinutes(), timeZone) + picked.getSeconds() * 1000
}
