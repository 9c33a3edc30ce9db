import type { PayloadRequest } from 'payload'

import { ValidationError } from 'payload'
import { z } from 'zod'

import type { Guest, RelationId } from '../../../events/types.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'
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
const GUEST_MESSAGE = 'guest must be an object with name, email and phone'

type FieldError = { message: string; path: string }

const isId = (value: unknown): value is number | string =>
  (typeof value === 'string' && value.trim() !== '' && value.length <= 100) || (typeof value === 'number' && Number.isSafeInteger(value))

/** An ISO 8601 instant with its zone, within the supported calendar, as UTC ISO text. */
const instant = (field: 'from' | 'to') => {
  const message = `${field} must be an ISO 8601 date-time with a zone, e.g. 2030-06-04T09:00:00.000Z`
  return z
    .string({ error: message })
    .regex(ISO_INSTANT, message)
    .transform(Date.parse)
    .pipe(z.number({ error: message }).min(Date.UTC(1900, 0, 1), message).max(Date.UTC(9998, 11, 31), message))
    .transform((ms) => new Date(ms).toISOString())
    .meta({ format: 'date-time' })
}

/** A contact field: text of at most MAX_TEXT characters, trimmed; empty or null: not given. */
const contact = (key: keyof Guest) => {
  const message = `guest.${key} must be text of at most ${MAX_TEXT} characters`
  return z
    .string({ error: message })
    .max(MAX_TEXT, message)
    .nullish()
    .transform((text) => (text ? text.trim() : undefined))
}

/**
 * The fields of a waitlist entry and the shape of those that need no lookup, each refused with
 * its own text; `service`, `resource` and `customer` are checked against the records (and the
 * caller) by `readJoinRequest`. The OpenAPI document describes the body with this schema.
 */
export const joinWaitlistBody = z.strictObject({
  service: z.unknown().optional(),
  resource: z.unknown().optional(),
  from: instant('from'),
  to: instant('to'),
  guestCount: z
    .int({ error: 'guestCount must be a whole number of at least 1' })
    .min(1, 'guestCount must be a whole number of at least 1')
    .max(10_000, 'guestCount must be a whole number of at least 1')
    .nullish()
    .transform((count) => count ?? 1)
    .meta({ default: 1 }),
  guest: z
    .object({ email: contact('email'), name: contact('name'), phone: contact('phone') }, { error: GUEST_MESSAGE })
    .nullish()
    .transform((guest): Guest | null => (guest ? Object.fromEntries(Object.entries(guest).filter(([, text]) => text !== undefined)) : null)),
  customer: z.unknown().optional(),
})

/**
 * Reads the body of POST /api/reserve/waitlist: `service`, `resource` (an id; absent, null or
 * `"any"` for any resource that offers the service), `from` and `to` (ISO instants), `guestCount`
 * (default 1), and the contact: a signed-in customer is their own; staff name a `customer` or a
 * `guest`; anyone else is a guest (`guest: { name, email, phone }`), for a service that allows
 * guests. Every problem is a 400 naming its field (Payload's standard body), all at once.
 */
export const readJoinRequest = async (req: PayloadRequest, options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'allowGuestBooking'>, body: Record<string, unknown>): Promise<JoinRequest> => {
  const shape = joinWaitlistBody.safeParse(body)
  const issues = shape.error?.issues ?? []
  const errors: FieldError[] = issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys.map((key) => ({ message: `${key} is not a field of a waitlist entry`, path: key })) : [],
  )
  const data = referenceData(req.payload, options)
  const service = await serviceOf(req, options, body.service, errors)
  const resource = await resourceOf(req, options, body.resource, service, errors)
  errors.push(...issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? [] : [{ message: issue.message, path: issue.path.join('.') }])))
  const customer = await customerOf(req, options, body.customer, errors)
  const tenant = await tenantOf(req, options, { customer, resource, service }, errors)
  // A guest contact, even one with a wrong field, asks whether the service takes guests.
  const guestGiven = typeof body.guest === 'object' && body.guest !== null && !Array.isArray(body.guest)
  if (guestGiven && service !== null && !req.user) {
    const record = (await data.services([service])).get(String(service))
    const setting = record?.allowGuestBooking ?? 'inherit'
    if (!(setting === 'enabled' || (setting === 'inherit' && options.allowGuestBooking))) {
      errors.push({ message: 'This service cannot be booked as a guest; sign in to join its waitlist', path: 'guest' })
    }
  }
  if (errors.length > 0 || !shape.success || service === null) {
    throw new ValidationError({ collection: options.slugs.reservations, errors })
  }
  const { from, guest, guestCount, to } = shape.data
  return { customer, from, guest, guestCount, resource, service, ...(tenant === null ? {} : { tenant }), to }
}

/**
 * The entry's tenant on a multi-tenant site, recorded like a booking's: the service's, else the
 * resource's. The resource and a customer must share it, as in a booking (400 on the stray one's
 * path). Null where neither is scoped.
 */
const tenantOf = async (
  req: PayloadRequest,
  options: TenancyOptions,
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
const serviceOf = async (req: PayloadRequest, options: TenancyOptions, value: unknown, errors: FieldError[]): Promise<null | RelationId> => {
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
  options: TenancyOptions,
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
const customerOf = async (req: PayloadRequest, options: RoleOptions, value: unknown, errors: FieldError[]): Promise<null | RelationId> => {
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
