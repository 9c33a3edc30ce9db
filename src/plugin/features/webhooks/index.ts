// Webhooks: receivers, the delivery outbox and its sender. What the shell and other features may use of it.
export { enqueueWebhooks } from './outbox.js'
export { webhooksSlice } from './slice.js'
export { startWebhooks } from './start-webhooks.js'
