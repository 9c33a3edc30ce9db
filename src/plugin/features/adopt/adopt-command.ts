import type { PayloadRequest } from 'payload'

import { createHash } from 'node:crypto'

import type { AdoptReservation } from '../../../commands/reservation-commands.js'
import type { BookingPlan, Interval, ResourceClaim } from '../../../events/types.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'

import { sameIntervals } from '../../../capacity/capacity-decider.js'
import { CommandRejected } from '../../../events/rejection.js'
import { relationId } from '../../shared/relation-id.js'
import { buildBookingPlan, guestOf, siteFieldsOf, siteFieldsToBook, textOrNull } from '../booking/index.js'

/** A reservations document as another plugin (payload-reserve) stored it. */
export type SourceDocument = Record<string, unknown> & { id: number | string }

const instant = (value: unknown, path: string): string => {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN
  if (!Number.isFinite(ms)) {
    throw new CommandRejected('invalid', `${path} must be a date-time`, path)
  }
  return new Date(ms).toISOString()
}

/**
 * One claim per resource, an interval held twice counted once: payload-reserve may list the
 * booking's own resource again as an item for the same window, which it counts once too.
 */
const claimsOnce = (claims: ResourceClaim[]): ResourceClaim[] => {
  const byResource = new Map<string, Interval[]>()
  for (const { intervals, resource } of claims) {
    const held = byResource.get(resource) ?? []
    byResource.set(resource, [...held, ...intervals.filter((interval) => !held.some((other) => sameIntervals([other], [interval])))])
  }
  return [...byResource].map(([resource, intervals]) => ({ intervals, resource }))
}

/**
 * What adopting a document records: its schedule planned as a booking of the same times is
 * (buffers and units from the services and resources as they are now; the end as stored), its
 * details and the site's own fields as they are, and a plaintext guest token (payload-reserve keeps one) as the digest
 * this plugin keeps, so a guest's cancellation link still works.
 */
export const adoptCommand = async (
  req: PayloadRequest,
  doc: SourceDocument,
  options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'access' | 'adminGroup' | 'cancelledStatus' | 'components' | 'defaultBufferTime' | 'disabled' | 'maxFlexibleDuration' | 'slotInterval' | 'statusMachine' | 'timezone'>,
): Promise<AdoptReservation> => {
  const { endTime, guestCount, items, resource, service, startTime } = doc
  const plan: BookingPlan = await buildBookingPlan(
    req,
    { endTime, guestCount, items, resource, service, startTime },
    options,
    { fillRequiredResources: false, keepEndTime: true },
  )
  const token = textOrNull(doc.cancellationToken)
  const fields = siteFieldsToBook(req.payload, siteFieldsOf(req.payload, options), doc)
  return {
    data: {
      ...plan,
      cancellationTokenHash: token ? createHash('sha256').update(token).digest('hex') : null,
      claims: claimsOnce(plan.claims),
      collection: options.slugs.reservations,
      createdAt: instant(doc.createdAt, 'createdAt'),
      customer: relationId(doc.customer),
      ...(Object.keys(fields).length > 0 ? { fields } : {}),
      guest: guestOf(doc.guest),
      idempotencyKey: textOrNull(doc.idempotencyKey),
      notes: textOrNull(doc.notes),
      reservationId: String(doc.id),
      status: typeof doc.status === 'string' ? doc.status : options.statusMachine.defaultStatus,
      updatedAt: instant(doc.updatedAt ?? doc.createdAt, 'updatedAt'),
    },
    type: 'AdoptReservation',
  }
}
