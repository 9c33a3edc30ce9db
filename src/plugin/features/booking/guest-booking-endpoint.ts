import type { CollectionSlug, Endpoint, PayloadRequest } from 'payload'

import type { ManagedBooking } from '../../../contract/http.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'

import { relationId } from '../../shared/relation-id.js'
import { privateResponse } from '../../shared/http/private-response.js'
import { endpoint, messageBody } from '../../shared/http/request-error.js'
import { referenceData } from '../../shared/reference-data/reference-data.js'
import { callerReservation } from './caller-reservation.js'
import { managedRules } from './managed-rules.js'
import { reservationIdParameter } from './reservation-id-parameter.js'
import { withoutToken } from './without-token.js'

type Options = RoleOptions &
  TenancyOptions &
  Pick<ResolvedOptions, 'bookingWindow' | 'cancellationNoticePeriod' | 'cancelledStatus' | 'statusMachine' | 'timezone'>

/**
 * A related record's name in the request's locale, read whatever its read access (the caller may
 * act on the booking, so may see what it is of); empty when the record is gone.
 */
const nameOf = async (req: PayloadRequest, collection: CollectionSlug, id: number | string): Promise<string> => {
  const doc = await req.payload.findByID({ collection, depth: 0, disableErrors: true, id, overrideAccess: true, req, select: { name: true } })
  return typeof doc?.name === 'string' ? doc.name : ''
}

/**
 * GET /api/reserve/guest-booking?reservationId=&token=: a reservation for its "manage my
 * booking" page, to whoever may cancel it (its customer, privileged staff, or a guest with its
 * token, as cancel decides; everyone else 403 whether or not it exists): the document without
 * the token, its service's and resource's names, the resource's zone, and what the caller may
 * still do (`managedRules`). The token travels in a link's query, so no answer is cached or
 * passed on as a Referer.
 */
export const guestBookingEndpoint = (options: Options): Endpoint => ({
  handler: privateResponse(
    endpoint(async (req) => {
      const query = (req.query ?? {}) as Record<string, unknown>
      const param = reservationIdParameter.safeParse(query.reservationId)
      if (!param.success) {
        throw messageBody(400, param.error.issues[0].message)
      }
      const { id, privileged } = await callerReservation(req, options, param.data, query.token)
      const doc = await req.payload.findByID({ collection: options.slugs.reservations, depth: 0, id, overrideAccess: true, req })
      const reservation = withoutToken(doc)
      const [serviceId, resourceId] = [relationId(reservation.service), relationId(reservation.resource)]
      const records = referenceData(req.payload, options)
      const [services, resources, serviceName, resourceName] = await Promise.all([
        records.services(serviceId === null ? [] : [serviceId]),
        records.resources(resourceId === null ? [] : [resourceId]),
        serviceId === null ? '' : nameOf(req, options.slugs.services, serviceId),
        resourceId === null ? '' : nameOf(req, options.slugs.resources, resourceId),
      ])
      const service = services.get(String(serviceId))
      return Response.json({
        cancelled: reservation.status === options.cancelledStatus,
        reservation,
        resource: { id: reservation.resource, name: resourceName, timezone: resources.get(String(resourceId))?.timezone ?? options.timezone },
        rules: managedRules(reservation, service, options, { now: Date.now(), privileged }),
        service: { duration: service?.duration ?? null, id: reservation.service, name: serviceName },
      } satisfies ManagedBooking)
    }),
  ),
  method: 'get',
  path: '/reserve/guest-booking',
})
