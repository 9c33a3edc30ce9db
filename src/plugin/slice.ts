import type { CollectionConfig, Endpoint, TaskConfig } from 'payload'

import type { ResolvedOptions } from './options.js'
import type { ReserveRuntime, Services } from './services.js'

/**
 * What one feature adds to the host's config: its collections (in the admin's order), its root
 * endpoints and its background tasks. Each feature's `slice.ts` builds it from the options and
 * the running ledger's services; the shell only lists the slices (`plugin-slices.ts`).
 */
export interface Slice {
  collections?: CollectionConfig[]
  endpoints?: Endpoint[]
  tasks?: TaskConfig[]
}

export type SliceOf = (options: ResolvedOptions, services: Services<ReserveRuntime>) => Slice
