import type { SliceOf } from '../../slice.js'

import { feedEndpoint } from './feed-endpoint.js'
import { feedKeysCollection } from './feed-keys-collection.js'

/** Reservations as an iCalendar feed, read with a per-user key. */
export const calendarExportSlice: SliceOf = (options) => ({
  collections: [feedKeysCollection(options)],
  endpoints: [feedEndpoint(options)],
})
