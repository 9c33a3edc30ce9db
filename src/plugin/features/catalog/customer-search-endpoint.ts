import type { Endpoint, JsonObject, PayloadRequest, TypeWithID, Where } from 'payload'

import type { CustomerHit, CustomerSearchResponse } from '../../../contract/http.js'
import type { ResolvedOptions } from '../../options.js'

import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { LIMITS, MESSAGES } from '../../../contract/messages.js'
import { parseWholeNumber, queryParam } from '../../shared/http/query-params.js'
import { endpoint, messageBody } from '../../shared/http/request-error.js'

/** Searched, and returned, only where the customers collection has them. */
const OPTIONAL_FIELDS = ['name', 'firstName', 'lastName', 'phone'] as const

/**
 * A found customer as the search answers it: id, email and the name fields the collection has,
 * each `null` when empty. Payload types a document of a slug chosen at run time as a plain
 * `JsonObject`; the customers collection holds these fields as text.
 */
const hitOf = (doc: JsonObject & TypeWithID, shown: readonly (typeof OPTIONAL_FIELDS)[number][]): CustomerHit => ({
  id: doc.id,
  email: doc.email ?? null,
  ...Object.fromEntries(shown.map((name) => [name, (doc[name] as null | string | undefined) ?? null])),
})

const wholeNumberParam = (req: PayloadRequest, name: string, fallback: number, message: string): number => {
  const param = queryParam(req, name)
  if (param.kind === 'absent') {
    return fallback
  }
  const value = param.kind === 'text' ? parseWholeNumber(param.value) : null
  if (value === null) {
    throw messageBody(400, message)
  }
  return value
}

/**
 * userCollection mode: staff and customers share one collection, and staff are no customers.
 * Their ids are read first (staff lists are short) because a role field may hold several
 * roles, where `not_in` on the field itself would not exclude a user holding one of them.
 */
const staffExclusion = async (req: PayloadRequest, options: Pick<ResolvedOptions, 'resourceOwnerMode' | 'roles' | 'slugs' | 'userCollection'>, fieldNames: Set<string>): Promise<null | Where> => {
  const roles = [...options.roles.privileged, ...(options.resourceOwnerMode?.adminRoles ?? [])]
  if (options.userCollection === undefined || !fieldNames.has(options.roles.field) || roles.length === 0) {
    return null
  }
  const { docs } = await req.payload.find({
    collection: options.slugs.customers,
    depth: 0,
    overrideAccess: true,
    pagination: false,
    req,
    // Nothing but the id (which is always returned).
    select: {},
    where: { [options.roles.field]: { in: roles } },
  })
  return docs.length === 0 ? null : { id: { not_in: docs.map((doc) => doc.id) } }
}

/**
 * GET /api/reservation-customer-search: 401 without a session, 403 for users
 * who are not privileged staff. A contains-match of `search` on email and on whichever of
 * name, firstName, lastName and phone the collection has; `limit` is kept within 1 to 50 and
 * `page` at least 1. Each result carries only id, email and those name fields. See
 * docs/ARCHITECTURE.md, "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)".
 */
export const customerSearchEndpoint = (options: Pick<ResolvedOptions, 'resourceOwnerMode' | 'roles' | 'slugs' | 'staffProvisioning' | 'userCollection'>): Endpoint => ({
  handler: endpoint(async (req) => {
    if (!req.user) {
      throw messageBody(401, MESSAGES.unauthorized)
    }
    if (!isPrivileged(req.user, options)) {
      throw messageBody(403, MESSAGES.forbidden)
    }
    const searchParam = queryParam(req, 'search')
    if (searchParam.kind === 'other') {
      throw messageBody(400, MESSAGES.search)
    }
    const search = searchParam.kind === 'text' ? searchParam.value : ''
    const limit = Math.min(LIMITS.searchLimitMax, Math.max(1, wholeNumberParam(req, 'limit', LIMITS.searchLimitDefault, MESSAGES.limit)))
    const page = Math.max(1, wholeNumberParam(req, 'page', 1, MESSAGES.page))
    if (page > LIMITS.maxPage) {
      throw messageBody(400, MESSAGES.page)
    }

    const collection = options.slugs.customers
    const fieldNames = new Set(req.payload.collections[collection].config.flattenedFields.map((field) => field.name))
    const shown = OPTIONAL_FIELDS.filter((name) => fieldNames.has(name))
    const conditions: Where[] = []
    if (search !== '') {
      conditions.push({ or: ['email', ...shown].map((name) => ({ [name]: { contains: search } })) })
    }
    const exclusion = await staffExclusion(req, options, fieldNames)
    if (exclusion) {
      conditions.push(exclusion)
    }
    const result = await req.payload.find({
      collection,
      depth: 0,
      limit,
      overrideAccess: false,
      page,
      req,
      select: Object.fromEntries(['email', ...shown].map((name) => [name, true])),
      sort: 'email',
      where: { and: conditions },
    })
    const docs = result.docs.map((doc) => hitOf(doc, shown))
    return Response.json({ docs, hasNextPage: result.hasNextPage, totalDocs: result.totalDocs } satisfies CustomerSearchResponse)
  }),
  method: 'get',
  path: '/reservation-customer-search',
})
