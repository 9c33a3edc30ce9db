// Time a resource is busy elsewhere: calendar feeds and the site's resolver. What the shell and other features may use of it.
export { externalBusyOf } from './external-busy.js'
export { syncFeedsOnChange } from './sync-on-change.js'
export { externalBusySlice } from './slice.js'
export { startFeeds } from './start-feeds.js'
