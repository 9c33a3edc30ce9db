import type { Endpoint } from 'payload'

import { createHash } from 'node:crypto'

import type { ResolvedOptions, TenancyOptions } from '../../options.js'

import { FEED_KEYS_COLLECTION, hashFeedSecret } from './feed-keys-collection.js'
import { feedEvents } from './feed-events.js'
import { reservationsCalendar } from './reservations-calendar.js'
import { endpoint, errorBody } from '../../shared/http/request-error.js'
import { relationId } from '../../shared/relation-id.js'

const DAY_MS = 86_400_000
/** A feed shows the last 90 days and everything after; at most this many reservations. */
const PAST_DAYS = 90
const MAX_EVENTS = 5_000

const FEED_NOT_FOUND = 'Feed not found'

/**
 * GET /api/reserve/feeds/<secret>.ics: the iCalendar feed a key opens (a resource's or a
 * customer's reservations). The secret is the only credential, as calendar apps send no other;
 * an unknown or revoked one is 404. `ETag` and `Last-Modified` let a client poll for nothing:
 * an unchanged feed answers 304.
 */
export const feedEndpoint = (options: TenancyOptions & Pick<ResolvedOptions, 'cancelledStatus' | 'confirmedStatus' | 'feeds' | 'statusMachine' | 'timezone'>): Endpoint => ({
  handler: endpoint(async (req) => {
    const file = String(req.routeParams?.file ?? '')
    const key = file.endsWith('.ics')
      ? ((await req.payload.db.findOne({ collection: FEED_KEYS_COLLECTION, req, where: { secretHash: { equals: hashFeedSecret(file.slice(0, -4)) } } })) as null | Record<string, unknown>)
      : null
    if (!key) {
      throw errorBody(404, FEED_NOT_FOUND)
    }
    const audience = key.resource ? 'resource' : 'customer'
    const owner = relationId(audience === 'resource' ? key.resource : key.customer)
    const { docs } = await req.payload.find({
      collection: options.slugs.reservations,
      depth: 0,
      limit: MAX_EVENTS,
      overrideAccess: true,
      req,
      sort: 'startTime',
      where: { and: [{ [audience]: { equals: owner } }, { endTime: { greater_than: new Date(Date.now() - PAST_DAYS * DAY_MS).toISOString() } }] },
    })
    const etag = `"${createHash('sha256').update(JSON.stringify(docs.map((doc) => [doc.id, doc.ledgerRevision, doc.updatedAt]))).digest('base64url')}"`
    const lastModified = new Date(Math.max(0, ...docs.map((doc) => Date.parse(String(doc.updatedAt))))).toUTCString()
    const headers = { 'Cache-Control': 'private, max-age=0', ETag: etag, 'Last-Modified': lastModified }
    if (req.headers.get('if-none-match') === etag) {
      return new Response(null, { headers, status: 304 })
    }
    const events = await feedEvents(req, options, docs as Record<string, unknown>[], audience)
    const name = typeof key.label === 'string' && key.label ? key.label : 'Reservations'
    return new Response(reservationsCalendar(name, events), { headers: { ...headers, 'Content-Type': 'text/calendar; charset=utf-8' }, status: 200 })
  }),
  method: 'get',
  path: '/reserve/feeds/:file',
})
