import type { CollectionSlug } from 'payload'

import type { Schedule } from '../../../availability/schedule.js'
import type { BookingRule } from './booking-rule.js'

import { localDateOf } from '../../../availability/local-time.js'
import { resolveWindows } from '../../../availability/resolve-windows.js'
import { CommandRejected } from '../../../commands/rejection.js'

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
  const findOne = async <T>(collection: string, id: unknown): Promise<null | T> =>
    (await req.payload.db.findOne({
      collection: collection as CollectionSlug,
      req,
      where: { id: { equals: id } },
    })) as null | T
  const resource = await findOne<{ timezone?: null | string }>(options.slugs.resources, plan.resource)
  const service = await findOne<{ durationType?: null | string }>(options.slugs.services, plan.service)
  const timeZone = resource?.timezone || options.timezone
  const { docs } = await req.payload.find({
    collection: options.slugs.schedules as CollectionSlug,
    depth: 0,
    overrideAccess: true,
    pagination: false,
    req,
    where: { and: [{ resource: { equals: plan.resource } }, { active: { equals: true } }] },
  })
  const start = Date.parse(plan.startTime)
  const end = Date.parse(plan.endTime)
  const days = resolveWindows(
    docs as unknown as Schedule[],
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
