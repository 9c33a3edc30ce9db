// The live calendar's event stream. What the shell and other features may use of it.
export { LiveFeed } from './live-feed.js'
export { liveSlice } from './slice.js'
export { startLiveFeed } from './start-live-feed.js'
