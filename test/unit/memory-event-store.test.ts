import { createMemoryEventStore } from '../../src/events/adapters/memory.js'
import { describeEventStoreContract } from '../contract/event-store.contract.js'

describeEventStoreContract('memory', () => {
  const store = createMemoryEventStore()
  return Promise.resolve({ store, teardown: () => store.close() })
})
