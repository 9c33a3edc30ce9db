import { describe, expect, it } from 'vitest'

import { createMemoryEventStore } from '../../../../src/events/adapters/memory.js'
import { describeEventStoreContract } from '../../../contract/event-store.contract.js'

describeEventStoreContract('memory', () => {
  const store = createMemoryEventStore()
  return Promise.resolve({ store, teardown: () => store.close() })
})

describe('memory event store', () => {
  it('completes its subscriptions when it closes', async () => {
    const store = createMemoryEventStore()
    let completed = false
    store.subscribe!({}).subscribe({
      complete: () => {
        completed = true
      },
    })

    await store.close()

    expect(completed).toBe(true)
  })
})
