import type { Endpoint, JsonObject, PayloadRequest, TypeWithID, Where } from 'payload'

import { z } from 'zod'

import type { CustomerHit, CustomerSearchResponse } from '../../../contract/http.js'
import type { ResolvedOptions, RoleOptions } from '../../options.js'

import { asGiven, queryText, queryWholeNumber } from '../../../contract/query.js'
import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { LIMITS, MESSAGES } from '../../../contract/messages.js'
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

/**
 * The parameters of customer-search, each refused with its own text, checked in the order of
 * the keys: `limit` kept within 1 to 50, `page` at least 1 (lower values count as 1) and at most
 * 1,000,000. The OpenAPI document describes the parameters with these schemas.
 */
export const customerSearchParameters = z.object({
  search: z.preprocess(asGiven, queryText(MESSAGES.search).default('')).meta({ default: '' }),
  limit: z
    .preprocess(asGiven, queryWholeNumber(MESSAGES.limit).default(LIMITS.searchLimitDefault))
    .transform((limit) => Math.min(LIMITS.searchLimitMax, Math.max(1, limit)))
    .meta({ default: LIMITS.searchLimitDefault, maximum: LIMITS.searchLimitMax, minimum: 1, type: 'integer' }),
  page: z
    .preprocess(asGiven, queryWholeNumber(MESSAGES.page).default(1))
    .transform((page) => Math.max(1, page))
    .refine((page) => page <= LIMITS.maxPage, MESSAGES.page)
    .meta({ default: 1, maximum: LIMITS.maxPage, minimum: 1, type: 'integer' }),
})

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
export const customerSearchEndpoint = (options: RoleOptions): Endpoint => ({
  handler: endpoint(async (req) => {
    if (!req.user) {
      throw messageBody(401, MESSAGES.unauthorized)
    }
    if (!isPrivileged(req.user, options)) {
      throw messageBody(403, MESSAGES.forbidden)
    }
    const parsed = customerSearchParameters.safeParse(req.query ?? {})
    if (!parsed.success) {
      throw messageBody(400, parsed.error.issues[0].message)
    }
    const { limit, page, search } = parsed.data

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
