import type { SlotsResponse } from '../../../src/contract/http.js'
import type { Rest } from './rest.js'

import { addCalendarDays, todayIn } from '../../../src/admin/shared/calendar-dates.js'
import { undrawn } from './calendar.js'
import { TIMEZONE } from './rest.js'

/**
 * The first day from `fromOffset` days ahead on which `resource` has `count` free `service` times
 * that do not overlap one another, and those times; fewer when no day within four weeks has them.
 */
export const separateFreeTimes = async (
  api: Rest,
  query: { count: number; fromOffset: number; resource: number | string; service: number | string },
): Promise<{ date: string; starts: SlotsResponse['slots'] }> => {
  let date = ''
  let starts: SlotsResponse['slots'] = []
  for (let offset = query.fromOffset; offset <= 28 && starts.length < query.count; offset += 1) {
    date = addCalendarDays(todayIn(TIMEZONE), offset)
    const { slots } = await api.get<SlotsResponse>('/reserve/slots', { date, resource: query.resource, service: query.service })
    starts = slots.reduce<SlotsResponse['slots']>(
      (apart, slot) =>
        apart.length === 0 || Date.parse(apart[apart.length - 1].end) <= Date.parse(slot.start) ? [...apart, slot] : apart,
      [],
    )
  }
  return { date, starts }
}

/** `14:30`: a start by the wall clock of the plugin's zone. */
const wallClock = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', minute: '2-digit', timeZone: TIMEZONE }).format(new Date(iso))

/**
 * A `service` time of `resource`, from `fromOffset` days ahead, free and drawn over by nothing
 * (not even a cancelled booking) on `weeks` weeks in a row at the same wall-clock time: the
 * occurrences of a weekly series, each with its local date and start.
 */
export const weeklyFreeTimes = async (
  api: Rest,
  query: { fromOffset: number; resource: number | string; service: number | string; weeks: number },
): Promise<{ date: string; start: string }[]> => {
  const free = async (date: string) =>
    undrawn(api, query.resource, date, (await api.get<SlotsResponse>('/reserve/slots', { date, resource: query.resource, service: query.service })).slots)
  for (let offset = query.fromOffset; offset <= 28; offset += 1) {
    const first = addCalendarDays(todayIn(TIMEZONE), offset)
    const dates = Array.from({ length: query.weeks }, (_, week) => addCalendarDays(first, 7 * week))
    const days = await Promise.all(dates.map(free))
    const match = days[0].find(({ start }) => days.every((slots) => slots.some((slot) => wallClock(slot.start) === wallClock(start))))
    if (match) {
      return dates.map((date, week) => ({ date, start: days[week].find((slot) => wallClock(slot.start) === wallClock(match.start))!.start }))
    }
  }
  throw new Error(`no time free ${query.weeks} weeks in a row in the next four weeks`)
}
