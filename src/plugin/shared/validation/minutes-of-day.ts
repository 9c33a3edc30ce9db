const TIME = /^(\d{2}):(\d{2})$/

/**
 * Minutes after midnight of a wall-clock `HH:mm` time, or null when malformed. `24:00` (the end
 * of the day, so a window can close at midnight) is accepted only with `allowEndOfDay`.
 */
export const minutesOfDay = (value: unknown, { allowEndOfDay }: { allowEndOfDay: boolean }): null | number => {
  const match = typeof value === 'string' ? TIME.exec(value) : null
  if (match === null) {
    return null
  }
  const [hours, minuteOfHour] = [Number(match[1]), Number(match[2])]
  if (minuteOfHour > 59) {
    return null
  }
  const minutes = hours * 60 + minuteOfHour
  return minutes < 1440 || (allowEndOfDay && minutes === 1440) ? minutes : null
}
