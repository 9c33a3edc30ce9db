import type { CollectionBeforeDeleteHook, CollectionConfig, CollectionSlug, PayloadRequest, Where } from 'payload'

import type { ResolvedOptions, RoleOptions } from '../../../options.js'
import type { ReserveRuntime, Services } from '../../../services.js'

import { LedgerRejection } from '../../../shared/refusals.js'
import { commandMeta } from '../../booking/index.js'

export type GuardedKind = 'customers' | 'resources' | 'services'

const count = async (req: PayloadRequest, collection: CollectionSlug, where: Where): Promise<number> =>
  (await req.payload.count({ collection, overrideAccess: true, req, where })).totalDocs

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The caller's business, logged at info level like the ledger's own refusals. */
const refused = (message: string, counts: Record<string, number>) => new LedgerRejection(message, 409, counts)

/**
 * A service or resource that reservations (or items, or for a resource its schedules) still
 * name cannot be deleted: the database would refuse it with a server error, and the ledger
 * would lose what its bookings are for. Answer 409 with the counts and the way out.
 */
const refuseReferencedRecord = async (req: PayloadRequest, options: Pick<ResolvedOptions, 'slugs'>, kind: 'resources' | 'services', id: number | string) => {
  const field = kind === 'services' ? 'service' : 'resource'
  const reservations = await count(req, options.slugs.reservations, { or: [{ [field]: { equals: id } }, { [`items.${field}`]: { equals: id } }] })
  const schedules = kind === 'resources' ? await count(req, options.slugs.schedules, { resource: { equals: id } }) : 0
  if (reservations + schedules > 0) {
    const what = [reservations > 0 ? plural(reservations, 'reservation', 'reservations') : '', schedules > 0 ? plural(schedules, 'schedule', 'schedules') : '']
      .filter(Boolean)
      .join(' and ')
    const verb = reservations + schedules === 1 ? 'refers' : 'refer'
    throw refused(`This ${field} cannot be deleted: ${what} ${verb} to it. Set it to inactive (active: false) instead.`, { reservations, schedules })
  }
}

/**
 * A customer with bookings that still hold time cannot be deleted (409, how many). Otherwise
 * their past and ended reservations forget them through the ledger (a details change, so the
 * history says who removed the customer and when), and keep reading and changing.
 */
const refuseCustomerWithBookings = async (req: PayloadRequest, options: RoleOptions & Pick<ResolvedOptions, 'debug' | 'statusMachine'>, services: Services<Pick<ReserveRuntime, 'ledger'>>, id: number | string) => {
  const blocking = await count(req, options.slugs.reservations, {
    and: [
      { customer: { equals: id } },
      { status: { in: options.statusMachine.blockingStatuses } },
      { endTime: { greater_than: new Date().toISOString() } },
    ],
  })
  if (blocking > 0) {
    throw refused(
      `This customer cannot be deleted: ${plural(blocking, 'upcoming booking still holds', 'upcoming bookings still hold')} time. Cancel ${blocking === 1 ? 'it' : 'them'} first.`,
      { blocking },
    )
  }
  const { docs } = await req.payload.find({
    collection: options.slugs.reservations,
    depth: 0,
    overrideAccess: true,
    pagination: false,
    req,
    select: {},
    where: { customer: { equals: id } },
  })
  const { ledger } = services.of(req.payload)
  const meta = commandMeta(req, options, 'customer deleted')
  for (const { id: reservationId } of docs) {
    await ledger.execute({ data: { changes: { customer: null }, reservationId: String(reservationId) }, type: 'UpdateReservationDetails' }, meta)
  }
}

/** Adds the guard to a plugin collection (or, in userCollection mode, the host's). */
export const withDeleteGuard = (
  collection: CollectionConfig,
  options: RoleOptions & Pick<ResolvedOptions, 'debug' | 'statusMachine'>,
  services: Services<Pick<ReserveRuntime, 'ledger'>>,
  kind: GuardedKind,
): CollectionConfig => {
  const beforeDelete: CollectionBeforeDeleteHook = ({ id, req }) =>
    kind === 'customers' ? refuseCustomerWithBookings(req, options, services, id) : refuseReferencedRecord(req, options, kind, id)
  return { ...collection, hooks: { ...collection.hooks, beforeDelete: [...(collection.hooks?.beforeDelete ?? []), beforeDelete] } }
}
