import type { CollectionSlug, PayloadRequest } from 'payload'

import type { ResolvedOptions, TenancyOptions } from '../../options.js'
import type { FeedEvent } from './reservations-calendar.js'

import { referenceData } from '../../shared/reference-data/reference-data.js'
import { relationId } from '../../shared/relation-id.js'

type Doc = Record<string, unknown>

/** The `name` (else `email`) of each of these records, by id. */
const namesOf = async (req: PayloadRequest, collection: CollectionSlug, ids: unknown[]): Promise<Map<string, string>> => {
  const wanted = [...new Set(ids.filter((id) => id !== null && id !== undefined).map(String))]
  if (wanted.length === 0) {
    return new Map()
  }
  const { docs } = await req.payload.find({ collection, depth: 0, limit: wanted.length, overrideAccess: true, req, where: { id: { in: wanted } } })
  return new Map((docs as Doc[]).map((doc) => [String(doc.id), String(doc.name ?? doc.email ?? doc.id)]))
}

const statusOf = (status: string, options: Pick<ResolvedOptions, 'cancelledStatus' | 'confirmedStatus' | 'statusMachine'>): FeedEvent['status'] =>
  status === options.cancelledStatus
    ? 'CANCELLED'
    : status === options.confirmedStatus || options.statusMachine.terminalStatuses.includes(status)
      ? 'CONFIRMED'
      : 'TENTATIVE'

/**
 * Reservation documents as feed events. A resource's feed is for its staff: each event names
 * the service and who booked, with the notes. A customer's feed names the service and the
 * resource, and nothing about other people.
 */
export const feedEvents = async (req: PayloadRequest, options: TenancyOptions & Pick<ResolvedOptions, 'cancelledStatus' | 'confirmedStatus' | 'feeds' | 'statusMachine' | 'timezone'>, docs: Doc[], audience: 'customer' | 'resource'): Promise<FeedEvent[]> => {
  const reference = referenceData(req.payload, options)
  const services = await reference.services(docs.map((doc) => relationId(doc.service)).filter((id) => id !== null))
  const resources = await reference.resources(docs.map((doc) => relationId(doc.resource)).filter((id) => id !== null))
  const serviceNames = await namesOf(req, options.slugs.services, docs.map((doc) => relationId(doc.service)))
  const otherNames =
    audience === 'resource'
      ? await namesOf(req, options.slugs.customers, docs.map((doc) => relationId(doc.customer)))
      : await namesOf(req, options.slugs.resources, docs.map((doc) => relationId(doc.resource)))
  return docs.map((doc) => {
    const service = String(relationId(doc.service))
    const resource = String(relationId(doc.resource))
    const guest = (doc.guest ?? {}) as { name?: null | string }
    const other = audience === 'resource' ? (otherNames.get(String(relationId(doc.customer))) ?? guest.name ?? '') : (otherNames.get(resource) ?? '')
    const serviceName = serviceNames.get(service) ?? 'Reservation'
    const own = options.feeds.describe?.({
      audience,
      reservation: doc,
      resourceName: audience === 'customer' ? (otherNames.get(resource) ?? '') : '',
      serviceName,
    })
    return {
      allDay: services.get(service)?.durationType === 'full-day',
      description: own ? (own.description ?? '') : audience === 'resource' && typeof doc.notes === 'string' ? doc.notes : '',
      end: Date.parse(String(doc.endTime)),
      id: String(doc.id),
      sequence: typeof doc.ledgerRevision === 'number' ? doc.ledgerRevision : 0,
      start: Date.parse(String(doc.startTime)),
      status: statusOf(String(doc.status), options),
      summary: own?.summary ?? [serviceName, other].filter(Boolean).join(' – '),
      timeZone: resources.get(resource)?.timezone ?? options.timezone,
      updatedAt: Date.parse(String(doc.updatedAt ?? doc.createdAt)),
    }
  })
}
