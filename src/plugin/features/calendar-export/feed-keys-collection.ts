import type { CollectionConfig, CollectionSlug, PayloadRequest } from 'payload'


import { createHash, randomBytes } from 'node:crypto'

import type { RelationId } from '../../../events/types.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'

import { isCustomer } from '../../shared/access/is-customer.js'
import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { collectionLabels, label, navigationGroup } from '../../shared/labels.js'
import { CommandRejected } from '../../../events/rejection.js'
import { isReadable } from '../../shared/readable-ids.js'
import { reservationAccessInMemory } from '../../shared/reservation-access-in-memory.js'
import { reservationTenantField, tenancyOf, tenantOfDoc } from '../../shared/tenancy/tenancy.js'
import { parseRecordId } from '../../shared/http/record-id.js'
import { toPayloadError } from '../../shared/refusals.js'
import { relationId } from '../../shared/relation-id.js'

export const FEED_KEYS_COLLECTION: CollectionSlug = 'reservation-feed-keys'

export const hashFeedSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex')

const ownFeeds = (req: PayloadRequest, options: RoleOptions) =>
  isPrivileged(req.user, options) ? true : isCustomer(req.user, options) && req.user ? { customer: { equals: req.user.id } } : false

/**
 * Whether a feed of `target` carries only reservations the collection lets the requester read:
 * a resource's feed every booking on it, with who booked and the notes; a customer's every
 * booking of theirs. Decided by the collection's own read access on a stand-in booking of the
 * target's tenant: in owner mode, staff open only their own resources' feeds, not another
 * practitioner's nor a customer's (who may book anywhere).
 */
const carriesReadable = async (req: PayloadRequest, options: TenancyOptions, path: 'customer' | 'resource', target: RelationId): Promise<boolean> => {
  const collection = path === 'resource' ? options.slugs.resources : options.slugs.customers
  const record = await req.payload.findByID({ collection, depth: 0, disableErrors: true, id: target, overrideAccess: true, req })
  const tenantField = reservationTenantField(req.payload, options)
  const booking = { items: [], [path]: target, ...(tenantField !== null && record && { [tenantField]: tenantOfDoc(tenancyOf(req.payload, options), collection, record) }) }
  return (await reservationAccessInMemory(req, options)).admits(booking)
}

/**
 * The secrets behind calendar feeds (`GET /api/reserve/feeds/<secret>.ics`): one per resource
 * feed (created by staff) or per customer feed (by staff, or by the customer for their own).
 * Only a hash is stored; the secret is in the answer to the create, once. Rotating is creating
 * a new key and deleting the old one; deleting revokes.
 */
export const feedKeysCollection = (options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'adminGroup'>): CollectionConfig => ({
  access: {
    create: ({ req }) => isPrivileged(req.user, options) || isCustomer(req.user, options),
    delete: ({ req }) => ownFeeds(req, options),
    read: ({ req }) => ownFeeds(req, options),
    update: () => false,
  },
  admin: { group: navigationGroup(options.adminGroup), useAsTitle: 'label' },
  fields: [
    { name: 'label', type: 'text', label: label('field_label') },
    { name: 'resource', type: 'relationship', label: label('resource'), relationTo: options.slugs.resources },
    { name: 'customer', type: 'relationship', label: label('customer'), relationTo: options.slugs.customers },
    { name: 'secretHash', type: 'text', access: { read: () => false }, admin: { hidden: true }, index: true },
  ],
  hooks: {
    afterChange: [
      ({ doc, operation, req }) =>
        operation === 'create' && typeof req.context.feedSecret === 'string'
          ? { ...doc, secret: req.context.feedSecret, url: `${req.payload.config.serverURL ?? ''}${req.payload.config.routes.api}/reserve/feeds/${req.context.feedSecret}.ics` }
          : doc,
    ],
    beforeChange: [
      async ({ data, operation, req }) => {
        if (operation !== 'create') {
          return data
        }
        const { customer, resource } = data as { customer?: unknown; resource?: unknown }
        if (Boolean(customer) === Boolean(resource)) {
          throw toPayloadError(new CommandRejected('invalid', 'A feed key is for one resource or one customer', 'resource'), FEED_KEYS_COLLECTION)
        }
        // A customer's key is for their own feed only.
        if (!isPrivileged(req.user, options) && (resource || String(customer) !== String(req.user?.id))) {
          throw toPayloadError(new CommandRejected('forbidden', 'Customers create feed keys for their own bookings only', 'customer'), FEED_KEYS_COLLECTION)
        }
        // Staff open feeds of what they may read only (not another tenant's, nor in owner mode another practitioner's).
        const [path, collection] = resource ? (['resource', options.slugs.resources] as const) : (['customer', options.slugs.customers] as const)
        const target = parseRecordId(req.payload, collection, relationId(resource ?? customer) ?? '')
        if (isPrivileged(req.user, options) && (target === null || !(await isReadable(req, collection, target)) || !(await carriesReadable(req, options, path, target)))) {
          throw toPayloadError(new CommandRejected('invalid', `${resource ? 'Resource' : 'Customer'} not found`, path), FEED_KEYS_COLLECTION)
        }
        const secret = randomBytes(24).toString('base64url')
        req.context.feedSecret = secret
        return { ...data, secretHash: hashFeedSecret(secret) }
      },
    ],
  },
  labels: collectionLabels('coll_feedKey', 'coll_feedKeys'),
  slug: FEED_KEYS_COLLECTION,
})
