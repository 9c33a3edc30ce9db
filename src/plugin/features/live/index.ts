// The live calendar's event stream. What the shell and other features may use of it.
export { liveSlice } from './slice.js'
export { startLiveFeed } from './start-live-feed.js'
