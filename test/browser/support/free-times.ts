import type { SlotsResponse } from '../../../src/plugin/http/contract.js'
import type { Rest } from './rest.js'

import { addCalendarDays, todayIn } from '../../../src/admin/shared/calendar-dates.js'
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
