import type { PayloadRequest } from 'payload'

import type { RelationId } from '../../../events/types.js'
import type { ResolvedOptions, TenancyOptions } from '../../options.js'

import { referenceData } from '../../shared/reference-data/reference-data.js'
import { customerExists } from './customer-lookup.js'
import { relationId } from '../../shared/relation-id.js'
import { MESSAGES } from '../../../contract/messages.js'
import { parseRecordId } from '../../shared/http/record-id.js'
import { errorBody } from '../../shared/http/request-error.js'
import { isTenantScoped, tenancyOf } from '../../shared/tenancy/tenancy.js'
import { isReadable, readableIds } from '../../shared/readable-ids.js'

/**
 * Refuses booking data naming a service or resource that does not exist, top level or in an
 * item, with 404 `{ error: 'Service not found' | 'Resource not found' }`, and a
 * signed-in requester's customer that does not exist with 404 `{ error: 'Customer not found' }`; on a
 * multi-tenant site, also those the requester may not read (another tenant's). Service and
 * resource values that are no id at all are left to the collection's validation, which names
 * the field. See docs/ARCHITECTURE.md, "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)".
 */
export const requireKnownRecords = async (
  req: PayloadRequest,
  options: TenancyOptions,
  data: Record<string, unknown>,
): Promise<void> => {
  const items = Array.isArray(data.items) ? data.items : []
  const scoped = isTenantScoped(tenancyOf(req.payload, options), options)
  const itemValues = (key: string): unknown[] =>
    items.map((item: unknown) => (item && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined))
  const check = async (collection: string, values: unknown[], message: string): Promise<void> => {
    const given = values.map(relationId).filter((value): value is RelationId => value !== null)
    const ids = given.map((value) => parseRecordId(req.payload, collection, value))
    if (ids.some((id) => id === null)) {
      throw errorBody(404, message)
    }
    const reference = referenceData(req.payload, options)
    const found =
      collection === options.slugs.services
        ? await reference.services(ids as RelationId[])
        : await reference.resources(ids as RelationId[])
    if (ids.some((id) => !found.has(String(id)))) {
      throw errorBody(404, message)
    }
    // Multi-tenant sites: another tenant's record is as unknown to the requester.
    if (scoped && (await readableIds(req, collection, ids as RelationId[], found)).size < new Set(ids.map(String)).size) {
      throw errorBody(404, message)
    }
  }
  await check(options.slugs.services, [data.service, ...itemValues('service')], MESSAGES.serviceNotFound)
  await check(options.slugs.resources, [data.resource, ...itemValues('resource')], MESSAGES.resourceNotFound)
  await checkCustomer(req, options, data.customer, scoped)
}

/**
 * The customer, when a signed-in requester names one, must exist: the ledger records a booking
 * before Payload checks the document's relationships, so a missing customer would otherwise
 * fail after the booking was committed (a server error, and capacity held by a booking without
 * a document). Anonymous requesters cannot book for a customer at all (a booking rule refuses
 * it before the ledger) and are not told which customer ids exist.
 */
const checkCustomer = async (req: PayloadRequest, options: Pick<ResolvedOptions, 'slugs'>, value: unknown, scoped: boolean): Promise<void> => {
  if (!req.user || value === undefined || value === null || value === '') {
    return
  }
  const id = relationId(value)
  const found =
    id !== null && (await customerExists(req, options, id)) && (!scoped || (await isReadable(req, options.slugs.customers, id)))
  if (!found) {
    throw errorBody(404, MESSAGES.customerNotFound)
  }
}
