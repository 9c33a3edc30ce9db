import type { Endpoint } from 'payload'

import type { RoleOptions } from '../../options.js'
import type { ReserveRuntime, Services } from '../../services.js'

import { isStaff } from '../../../contract/roles/is-staff.js'
import { MESSAGES } from '../../../contract/messages.js'
import { endpoint, messageBody } from '../../shared/http/request-error.js'
import { liveStream } from './live-stream.js'
import { reservationAccessInMemory } from '../../shared/reservation-access-in-memory.js'
import { readableIds } from '../../shared/readable-ids.js'

/** Under the usual 60 s idle timeouts of proxies and load balancers. */
const KEEP_ALIVE_MS = 15_000

/** Missed events replayed on a resume; past that the client reloads (as it does on every reconnect). */
const REPLAY_LIMIT = 500

/**
 * GET /api/reserve/live: server-sent events for the admin calendar, a `reservation` event
 * (`{ reservationId, revision }`, id the highest ledger position sent) for every change any process commits
 * to a reservation the caller may read, by the reservations collection's read access (owner
 * mode, tenants, a site's own access). `Last-Event-ID` resumes: what was missed since is sent
 * first. 401 without a session, 403 for users who are not staff. See docs/ARCHITECTURE.md,
 * "Live calendar".
 */
export const liveEndpoint = (options: RoleOptions, services: Services<Pick<ReserveRuntime, 'live'>>): Endpoint => ({
  handler: endpoint(async (req) => {
    if (!req.user) {
      throw messageBody(401, MESSAGES.unauthorized)
    }
    if (!isStaff(req.user, options)) {
      throw messageBody(403, MESSAGES.forbidden)
    }
    const stream = liveStream(services.of(req.payload).live, {
      keepAliveMs: KEEP_ALIVE_MS,
      lastEventId: req.headers.get('last-event-id'),
      readable: (ids) => readableIds(req, options.slugs.reservations, ids),
      async readableBefore(notices) {
        const access = await reservationAccessInMemory(req, options)
        const before = await Promise.all(notices.map(async (notice) => (access.admits(await notice.previous()) ? [notice.position] : [])))
        return new Set(before.flat())
      },
      replayLimit: REPLAY_LIMIT,
      report: (error) => req.payload.logger.error({ err: error, msg: 'payload-reserve-ledger: live update failed' }),
      signal: req.signal,
    })
    return new Response(stream, {
      headers: {
        // no-transform: compression middleware (Next's among them) would buffer the stream.
        'Cache-Control': 'no-cache, no-transform',
        'Content-Type': 'text/event-stream; charset=utf-8',
        // nginx buffers proxied responses unless told not to.
        'X-Accel-Buffering': 'no',
      },
    })
  }),
  method: 'get',
  path: '/reserve/live',
})
