import type { PayloadRequest } from 'payload'

import { ValidationError } from 'payload'

import type { Guest, RelationId } from '../../../events/types.js'
import type { ResolvedOptions } from '../../options.js'
import type { ResourceRecord, ServiceRecord } from '../../shared/reference-data/records.js'

import { isCustomer } from '../../shared/access/is-customer.js'
import { parseRecordId } from '../../shared/http/record-id.js'
import { readableIds } from '../../shared/readable-ids.js'
import { referenceData } from '../../shared/reference-data/reference-data.js'
import { customerTenants } from '../../shared/tenancy/booking-tenant.js'
import { tenantsAgree } from '../../shared/tenancy/tenancy.js'
import { customerExists } from '../booking/index.js'

/** What a join asks for, checked for shape and references; the decider checks the range and contact. */
export interface JoinRequest {
  customer: null | RelationId
  from: string
  guest: Guest | null
  guestCount: number
  resource: null | RelationId
  service: RelationId
  /** Multi-tenant sites: the service's tenant (else the resource's); absent elsewhere. */
  tenant?: RelationId
  to: string
}

const MAX_TEXT = 320
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/
const KNOWN_KEYS = new Set(['customer', 'from', 'guest', 'guestCount', 'resource', 'service', 'to'])
const GUEST_KEYS = ['email', 'name', 'phone'] as const

type FieldError = { message: string; path: string }

const isId = (value: unknown): value is number | string =>
  (typeof value === 'string' && value.trim() !== '' && value.length <= 100) || (typeof value === 'number' && Number.isSafeInteger(value))

const instant = (value: unknown, path: string, errors: FieldError[]): string => {
  const ms = typeof value === 'string' && ISO_INSTANT.test(value) ? Date.parse(value) : Number.NaN
  if (Number.isNaN(ms) || ms < Date.UTC(1900, 0, 1) || ms > Date.UTC(9998, 11, 31)) {
    errors.push({ message: `${path} must be an ISO 8601 date-time with a zone, e.g. 2030-06-04T09:00:00.000Z`, path })
    return ''
  }
  return new Date(ms).toISOString()
}

const guestOf = (value: unknown, errors: FieldError[]): Guest | null => {
  if (value === undefined || value === null) {
    return null
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    errors.push({ message: 'guest must be an object with name, email and phone', path: 'guest' })
    return null
  }
  const guest: Guest = {}
  for (const key of GUEST_KEYS) {
    const field = (value as Record<string, unknown>)[key]
    if (field === undefined || field === null || field === '') {
      continue
    }
    if (typeof field !== 'string' || field.length > MAX_TEXT) {
      errors.push({ message: `guest.${key} must be text of at most ${MAX_TEXT} characters`, path: `guest.${key}` })
      continue
    }
    guest[key] = field.trim()
  }
  return guest
}

/**
 * Reads the body of POST /api/reserve/waitlist: `service`, `resource` (an id; absent, null or
 * `"any"` for any resource that offers the service), `from` and `to` (ISO instants), `guestCount`
 * (default 1), and the contact: a signed-in customer is their own; staff name a `customer` or a
 * `guest`; anyone else is a guest (`guest: { name, email, phone }`), for a service that allows
 * guests. Every problem is a 400 naming its field (Payload's standard body), all at once.
 */
export const readJoinRequest = async (req: PayloadRequest, options: Pick<ResolvedOptions, 'allowGuestBooking' | 'multiTenant' | 'resourceOwnerMode' | 'roles' | 'slugs' | 'staffCollection' | 'staffProvisioning' | 'userCollection'>, body: Record<string, unknown>): Promise<JoinRequest> => {
  const errors: FieldError[] = []
  for (const key of Object.keys(body)) {
    if (!KNOWN_KEYS.has(key)) {
      errors.push({ message: `${key} is not a field of a waitlist entry`, path: key })
    }
  }
  const data = referenceData(req.payload, options)
  const service = await serviceOf(req, options, body.service, errors)
  const resource = await resourceOf(req, options, body.resource, service, errors)
  const from = instant(body.from, 'from', errors)
  const to = instant(body.to, 'to', errors)
  const guestCount = body.guestCount ?? 1
  if (typeof guestCount !== 'number' || !Number.isInteger(guestCount) || guestCount < 1 || guestCount > 10_000) {
    errors.push({ message: 'guestCount must be a whole number of at least 1', path: 'guestCount' })
  }
  const guest = guestOf(body.guest, errors)
  const customer = await customerOf(req, options, body.customer, errors)
  const tenant = await tenantOf(req, options, { customer, resource, service }, errors)
  if (guest !== null && service !== null && !req.user) {
    const record = (await data.services([service])).get(String(service))
    const setting = record?.allowGuestBooking ?? 'inherit'
    if (!(setting === 'enabled' || (setting === 'inherit' && options.allowGuestBooking))) {
      errors.push({ message: 'This service cannot be booked as a guest; sign in to join its waitlist', path: 'guest' })
    }
  }
  if (errors.length > 0 || service === null) {
    throw new ValidationError({ collection: options.slugs.reservations, errors })
  }
  return { customer, from, guest, guestCount: guestCount as number, resource, service, ...(tenant === null ? {} : { tenant }), to }
}

/**
 * The entry's tenant on a multi-tenant site, recorded like a booking's: the service's, else the
 * resource's. The resource and a customer must share it, as in a booking (400 on the stray one's
 * path). Null where neither is scoped.
 */
const tenantOf = async (
  req: PayloadRequest,
  options: Pick<ResolvedOptions, 'multiTenant' | 'slugs' | 'staffCollection'>,
  { customer, resource, service }: Pick<JoinRequest, 'customer' | 'resource'> & { service: null | RelationId },
  errors: FieldError[],
): Promise<null | RelationId> => {
  const data = referenceData(req.payload, options)
  const serviceTenant = service === null ? null : ((await data.services([service])).get(String(service))?.tenant ?? null)
  const resourceTenant = resource === null ? null : ((await data.resources([resource])).get(String(resource))?.tenant ?? null)
  const tenant = serviceTenant ?? resourceTenant
  const oneTenant = 'A waitlist entry and its service, resource and customer must belong to one tenant'
  if (!tenantsAgree(serviceTenant, resourceTenant)) {
    errors.push({ message: oneTenant, path: 'resource' })
  }
  const customers = tenant === null || customer === null ? null : await customerTenants(req, options, customer)
  if (customers !== null && !customers.includes(String(tenant))) {
    errors.push({ message: oneTenant, path: 'customer' })
  }
  return tenant
}

/** The service: known, active and readable by the caller (400 on `service` otherwise). */
const serviceOf = async (req: PayloadRequest, options: Pick<ResolvedOptions, 'multiTenant' | 'slugs' | 'staffCollection'>, value: unknown, errors: FieldError[]): Promise<null | RelationId> => {
  const id = isId(value) ? parseRecordId(req.payload, options.slugs.services, value) : null
  const found: Map<string, ServiceRecord> = id === null ? new Map() : await referenceData(req.payload, options).services([id])
  const record = id === null ? undefined : found.get(String(id))
  if (id === null || !record?.active || (await readableIds(req, options.slugs.services, [id], found)).size === 0) {
    errors.push({ message: 'service must name an active service', path: 'service' })
    return null
  }
  return id
}

/** The resource, or null for any: when named, known, active and offering the service (400 on `resource` otherwise). */
const resourceOf = async (
  req: PayloadRequest,
  options: Pick<ResolvedOptions, 'multiTenant' | 'slugs' | 'staffCollection'>,
  value: unknown,
  service: null | RelationId,
  errors: FieldError[],
): Promise<null | RelationId> => {
  if (value === undefined || value === null || value === 'any') {
    return null
  }
  const id = isId(value) ? parseRecordId(req.payload, options.slugs.resources, value) : null
  const found: Map<string, ResourceRecord> = id === null ? new Map() : await referenceData(req.payload, options).resources([id])
  const record = id === null ? undefined : found.get(String(id))
  const offers = service === null || record?.services.some((one) => String(one) === String(service))
  if (id === null || !record?.active || !offers || (await readableIds(req, options.slugs.resources, [id], found)).size === 0) {
    errors.push({ message: 'resource must be "any" or an active resource that offers the service', path: 'resource' })
    return null
  }
  return id
}

/** A signed-in customer's own id; a customer staff name, which must exist; none for guests. */
const customerOf = async (req: PayloadRequest, options: Pick<ResolvedOptions, 'resourceOwnerMode' | 'roles' | 'slugs' | 'staffProvisioning' | 'userCollection'>, value: unknown, errors: FieldError[]): Promise<null | RelationId> => {
  const given = value === undefined || value === null ? null : value
  if (req.user && isCustomer(req.user, options)) {
    if (given !== null && String(given) !== String(req.user.id)) {
      errors.push({ message: 'A customer joins the waitlist for themselves', path: 'customer' })
    }
    return req.user.id as RelationId
  }
  if (given === null) {
    return null
  }
  if (!req.user && req.payloadAPI !== 'local') {
    errors.push({ message: 'Sign in to join the waitlist as a customer', path: 'customer' })
    return null
  }
  if (!isId(given) || !(await customerExists(req, options, given))) {
    errors.push({ message: 'customer must name an existing customer', path: 'customer' })
    return null
  }
  return given
}
