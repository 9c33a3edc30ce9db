import type { CollectionConfig } from 'payload'

import type { OverridableCollection } from '../../options.js'
import type { ReserveRuntime, Services } from '../../services.js'
import type { SliceOf } from '../../slice.js'

import { withOverride } from '../../shared/collection-override.js'
import { withReferenceDataInvalidation } from '../../shared/reference-data/invalidation-hooks.js'
import { syncFeedsOnChange } from '../external-busy/index.js'
import { customerSearchEndpoint } from './customer-search-endpoint.js'
import { buildCustomersCollection, withSessionLabels } from './customers-collection.js'
import { withDeleteGuard } from './hooks/refuse-delete-while-referenced.js'
import { buildResourcesCollection } from './resources-collection.js'
import { buildSchedulesCollection } from './schedules-collection.js'
import { buildServicesCollection } from './services-collection.js'

const withFeedSync = (collection: CollectionConfig, services: Services<Pick<ReserveRuntime, 'feedSync'>>): CollectionConfig => ({
  ...collection,
  hooks: { ...collection.hooks, afterChange: [...(collection.hooks?.afterChange ?? []), syncFeedsOnChange(services)] },
})

/**
 * What is booked and by whom: services, resources, schedules and customers (unless the site's
 * own user collection holds the customers), then the site's `collectionOverrides`. Availability
 * caches the first three, so their hooks drop what a change makes stale; a record the ledger
 * still references is not deleted. With `disabled`, the collections only.
 */
export const catalogSlice: SliceOf = (options, services) => {
  const guarded = (collection: CollectionConfig, key: 'customers' | 'resources' | 'services') =>
    options.disabled ? collection : withDeleteGuard(collection, options, services, key)
  const cached = (collection: CollectionConfig, key: 'resources' | 'schedules' | 'services') =>
    options.disabled ? collection : withReferenceDataInvalidation(collection, key)
  const overridden = (collection: CollectionConfig, key: OverridableCollection) => withOverride(collection, options.collectionOverrides[key], [])
  const resources = guarded(cached(buildResourcesCollection(options), 'resources'), 'resources')
  return {
    collections: [
      overridden(guarded(cached(buildServicesCollection(options), 'services'), 'services'), 'services'),
      overridden(options.disabled ? resources : withFeedSync(resources, services), 'resources'),
      overridden(cached(buildSchedulesCollection(options), 'schedules'), 'schedules'),
      ...(options.userCollection ? [] : [withSessionLabels(overridden(guarded(buildCustomersCollection(options), 'customers'), 'customers'))]),
    ],
    endpoints: [customerSearchEndpoint(options)],
  }
}
