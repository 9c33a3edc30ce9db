import type { BookingRule } from './booking-rule.js'

import type { Schedule } from '../../../../availability/schedule.js'

import { localDateOf } from '../../../../time/local-time.js'
import { type DayWindows, resolveWindows } from '../../../../availability/resolve-windows.js'
import { CommandRejected } from '../../../../events/rejection.js'
import { referenceData } from '../../../shared/reference-data/reference-data.js'

/** A resource without schedules: one list for all, so its days are remembered too. */
const NO_SCHEDULES: readonly Schedule[] = []

/** Days remembered per schedule list: a booking covers a day or two, and the cache replaces a list within seconds. */
const DAYS_PER_LIST = 400

/**
 * The resolved windows of a resource's day range, computed once per schedule list: the
 * reference-data cache hands out a new list whenever it reloads or invalidates a resource's
 * schedules, so a remembered answer never outlives the records it came from. Resolving a day
 * in a time zone is the rule's whole cost, and bookings keep landing on the same days.
 */
const resolvedDays = new WeakMap<readonly Schedule[], Map<string, DayWindows[]>>()

const windowsOf = (schedules: readonly Schedule[], timeZone: string, fromDate: string, toDate: string): DayWindows[] => {
  const days = resolvedDays.get(schedules) ?? new Map<string, DayWindows[]>()
  resolvedDays.set(schedules, days)
  const key = `${timeZone} ${fromDate} ${toDate}`
  let resolved = days.get(key)
  if (!resolved) {
    resolved = resolveWindows(schedules, timeZone, fromDate, toDate)
    if (days.size >= DAYS_PER_LIST) {
      days.clear()
    }
    days.set(key, resolved)
  }
  return resolved
}

/**
 * Customers book only when the resource works (staff may book anywhere): a fixed booking must
 * lie wholly inside one working window of its resource's active schedules; a full-day booking
 * needs a day with a working window, the day availability offers it on. Required resources
 * (items) are pools without schedules of their own and are not checked.
 */
export const withinSchedule: BookingRule = async ({ meta, options, plan, req }) => {
  if (plan === null || meta.privileged) {
    return
  }
  const reference = referenceData(req.payload, options)
  const key = String(plan.resource)
  const [resources, services, schedules] = await Promise.all([
    reference.resources([plan.resource]),
    reference.services([plan.service]),
    reference.schedules([plan.resource]),
  ])
  const timeZone = resources.get(key)?.timezone || options.timezone
  const service = services.get(String(plan.service))
  const start = Date.parse(plan.startTime)
  const end = Date.parse(plan.endTime)
  const days = windowsOf(
    schedules.get(key) ?? NO_SCHEDULES,
    timeZone,
    localDateOf(start, timeZone),
    localDateOf(end - 1, timeZone),
  )
  const fits =
    service?.durationType === 'full-day'
      ? days.every((day) => day.windows.length > 0)
      : days.some((day) => day.windows.some((window) => window.start <= start && end <= window.end))
  if (!fits) {
    throw new CommandRejected('invalid', 'The resource is not available at this time', 'startTime')
  }
}
