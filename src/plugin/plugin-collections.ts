import type { CollectionConfig } from 'payload'

import type { OverridableCollection, ResolvedOptions } from './options.js'
import type { ReserveRuntime, Services } from './services.js'

import { reservationEventsCollection } from '../events/adapters/payload-collection.js'
import { refuseDigestQueries } from './access/refuse-digest-queries.js'
import { refuseMalformedQueries } from './access/refuse-malformed-queries.js'
import { readsLedger, withoutTokenDigest } from './access/reservation-events-access.js'
import { feedKeysCollection } from './calendar-export/feed-keys-collection.js'
import { reservationComponent, withZonedTimestamps, zonedDateComponents } from './admin/registration.js'
import { withOverride } from './collections/collection-override.js'
import { feedsCollection } from './external-busy/feeds-collection.js'
import { syncFeedsOnChange } from './external-busy/sync-on-change.js'
import { buildCustomersCollection, withSessionLabels } from './collections/customers.js'
import { withDeleteGuard } from './collections/hooks/refuse-delete-while-referenced.js'
import { label, navigationGroup } from './collections/labels.js'
import { buildResourcesCollection } from './collections/resources.js'
import { buildSchedulesCollection } from './collections/schedules.js'
import { buildServicesCollection } from './collections/services.js'
import { holdsCollection } from './holds/holds-collection.js'
import { waitlistCollection, waitlistNoticesCollection } from './waitlist/waitlist-collections.js'
import { ledgerCheckpointsCollection } from './ledger-checkpoints-collection.js'
import { notificationsCollection } from './notifications/notifications-collection.js'
import { withReferenceDataInvalidation } from './reference-data/invalidation-hooks.js'
import { deliveriesCollection, webhooksCollection } from './webhooks/webhooks-collections.js'
import { buildReservationsCollection } from './reservations/collection.js'
import { reservationWriteHooks } from './reservations/write-hooks.js'

/**
 * Every plugin collection refuses a query the database would fail on with a 400, after the
 * hooks that may still shape it (the site's `collectionOverrides` included).
 */
const withMalformedQueryRefusal = (collection: CollectionConfig): CollectionConfig => ({
  ...collection,
  hooks: { ...collection.hooks, beforeOperation: [...(collection.hooks?.beforeOperation ?? []), refuseMalformedQueries(collection.slug)] },
})

const withFeedSync = (collection: CollectionConfig, services: Services<Pick<ReserveRuntime, 'feedSync'>>): CollectionConfig => ({
  ...collection,
  hooks: { ...collection.hooks, afterChange: [...(collection.hooks?.afterChange ?? []), syncFeedsOnChange(services)] },
})

/**
 * The collections the plugin adds, with their guards and cache invalidation and then the site's
 * `collectionOverrides`, so that the plugin's own hooks run first (but see `withOverride` on
 * the reservations' write hooks). The hooks reach the running ledger through `services`.
 */
export const pluginCollections = (resolved: Pick<ResolvedOptions, 'access' | 'adminGroup' | 'allowGuestBooking' | 'bookingWindow' | 'cancelledStatus' | 'collectionOverrides' | 'components' | 'confirmedStatus' | 'debug' | 'defaultBufferTime' | 'disabled' | 'enforceActive' | 'getExternalBusy' | 'hooks' | 'leaveTypes' | 'localizedTexts' | 'maxFlexibleDuration' | 'mediaCollection' | 'multiTenant' | 'resourceOwnerMode' | 'resourceTypes' | 'roles' | 'slotInterval' | 'slugs' | 'staffCollection' | 'staffProvisioning' | 'statusMachine' | 'timezone' | 'userCollection'>, services: Services<ReserveRuntime>): CollectionConfig[] => {
  const overridden = (collection: CollectionConfig, key: OverridableCollection): CollectionConfig =>
    withOverride(collection, resolved.collectionOverrides[key], key === 'reservations' ? ['beforeChange', 'beforeDelete'] : [])
  // Availability caches these three; their hooks drop what a change makes stale.
  const referenceCollections: CollectionConfig[] = resolved.disabled
    ? [buildServicesCollection(resolved), buildResourcesCollection(resolved), buildSchedulesCollection(resolved)]
    : [
        withDeleteGuard(withReferenceDataInvalidation(buildServicesCollection(resolved), 'services'), resolved, services, 'services'),
        withFeedSync(withDeleteGuard(withReferenceDataInvalidation(buildResourcesCollection(resolved), 'resources'), resolved, services, 'resources'), services),
        withReferenceDataInvalidation(buildSchedulesCollection(resolved), 'schedules'),
      ]
  const [servicesCollection, resources, schedules] = referenceCollections
  const collections: CollectionConfig[] = [
    overridden(servicesCollection, 'services'),
    overridden(resources, 'resources'),
    overridden(schedules, 'schedules'),
    ...(resolved.userCollection
      ? []
      : [
          withSessionLabels(
            overridden(
              resolved.disabled ? buildCustomersCollection(resolved) : withDeleteGuard(buildCustomersCollection(resolved), resolved, services, 'customers'),
              'customers',
            ),
          ),
        ]),
    overridden(buildReservationsCollection(resolved, resolved.disabled ? undefined : reservationWriteHooks(resolved, services)), 'reservations'),
    {
      ...reservationEventsCollection({
        adminGroup: navigationGroup(resolved.adminGroup),
        labels: {
          data: label('field_data'),
          eventId: label('field_eventId'),
          metadata: label('field_metadata'),
          plural: label('coll_events'),
          recordedAt: label('field_recordedAt'),
          revision: label('field_revision'),
          singular: label('coll_event'),
          stream: label('field_stream'),
          type: label('field_type'),
        },
        read: readsLedger(resolved),
        recordedAtComponents: zonedDateComponents(resolved),
        slug: resolved.slugs.events,
        valueField: reservationComponent(resolved, 'eventValueField'),
      }),
      hooks: { afterRead: [withoutTokenDigest], beforeOperation: [refuseDigestQueries] },
    },
    feedsCollection(resolved),
    feedKeysCollection(resolved),
    webhooksCollection(resolved),
    deliveriesCollection(resolved),
    notificationsCollection(resolved),
    holdsCollection(),
    waitlistCollection(),
    waitlistNoticesCollection(),
    ledgerCheckpointsCollection(),
  ]
  return collections.map((collection) => withMalformedQueryRefusal(withZonedTimestamps(collection, resolved)))
}
