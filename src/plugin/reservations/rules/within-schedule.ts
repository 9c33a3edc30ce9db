import type { BookingRule } from './booking-rule.js'

import { localDateOf } from '../../../time/local-time.js'
import { resolveWindows } from '../../../availability/resolve-windows.js'
import { CommandRejected } from '../../../events/rejection.js'
import { referenceData } from '../../reference-data/reference-data.js'

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
  const days = resolveWindows(
    schedules.get(key) ?? [],
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
