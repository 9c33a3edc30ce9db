import type { AllStreamResolvedEvent, SubscribeToAllOptions } from '@eventstore/db-client'

import { AccessDeniedError, END, EventStoreDBClient, streamNameFilter, UnavailableError } from '@eventstore/db-client'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { EventStore } from '../../../../src/events/store.js'
import type { RecordedEvent } from '../../../../src/events/types.js'

import { createEventStoreDBStore } from '../../../../src/events/adapters/eventstoredb.js'
import { encodePosition } from '../../../../src/events/adapters/eventstoredb-mapping.js'

/**
 * The adapter's `subscribe` against a stand-in for the client's `$all` subscription, so that
 * dropping and resubscribing can be driven here; test/containers runs it on a real server.
 */
class FakeSubscription extends PassThrough {
  readonly unsubscribe = vi.fn(() => Promise.resolve())

  constructor(readonly options: SubscribeToAllOptions) {
    super({ objectMode: true })
  }
}

const PREFIX = 'reserve-'

const resolved = (commit: bigint, streamId = `${PREFIX}resource-1`): AllStreamResolvedEvent => ({
  event: {
    created: new Date('2030-01-01T00:00:00.000Z'),
    data: { reservationId: 'r-1' },
    id: `event-${commit}`,
    isJson: true,
    metadata: { correlationId: 'r-1' },
    position: { commit, prepare: commit },
    revision: 0n,
    streamId,
    type: 'CapacityReleased',
  },
})

describe('eventstoredb subscribe', () => {
  let subscriptions: FakeSubscription[]
  let dispose: ReturnType<typeof vi.fn>
  let store: EventStore

  beforeEach(async () => {
    subscriptions = []
    dispose = vi.fn(() => Promise.resolve())
    const client = {
      dispose,
      subscribeToAll: (options: SubscribeToAllOptions) => {
        const subscription = new FakeSubscription(options)
        subscriptions.push(subscription)
        return subscription
      },
    }
    vi.spyOn(EventStoreDBClient, 'connectionString').mockReturnValue(client as unknown as EventStoreDBClient)
    store = await createEventStoreDBStore({ connectionString: 'esdb://localhost:2113?tls=false' })
  })

  afterEach(async () => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    await store.close()
  })

  const follow = (after?: string) => {
    const seen = { completed: false, errors: [] as unknown[], positions: [] as string[] }
    const subscription = store.subscribe!({ after, streamPrefix: PREFIX }).subscribe({
      complete: () => {
        seen.completed = true
      },
      error: (error: unknown) => seen.errors.push(error),
      next: (event: RecordedEvent) => seen.positions.push(event.position),
    })
    return { seen, subscription }
  }

  const latest = () => subscriptions[subscriptions.length - 1]

  it('subscribes to $all after `after` with the prefix filter, and delivers the events mapped', () => {
    const { seen } = follow(encodePosition(5n))

    expect(subscriptions).toHaveLength(1)
    expect(latest().options).toEqual({
      filter: streamNameFilter({ prefixes: [PREFIX] }),
      fromPosition: { commit: 5n, prepare: 5n },
    })
    latest().write(resolved(7n))
    latest().write({})
    latest().write(resolved(9n, '$stats-1'))
    latest().write(resolved(11n))

    expect(seen).toEqual({ completed: false, errors: [], positions: [encodePosition(7n), encodePosition(11n)] })
  })

  it('resubscribes after a transient drop, from the last event delivered, delivering none twice', async () => {
    const { seen } = follow()
    latest().emit('confirmation')
    latest().write(resolved(7n))

    latest().emit('error', new UnavailableError())
    await vi.waitFor(() => expect(subscriptions).toHaveLength(2))
    expect(latest().options.fromPosition).toEqual({ commit: 7n, prepare: 7n })
    latest().write(resolved(7n))
    latest().write(resolved(8n))

    expect(seen).toEqual({ completed: false, errors: [], positions: [encodePosition(7n), encodePosition(8n)] })
    expect(subscriptions[0].unsubscribe).toHaveBeenCalled()
  })

  it('from the end, subscribes at $all\'s end, and after a drop from the last event delivered', async () => {
    const seen: string[] = []
    store.subscribe!({ fromEnd: true, streamPrefix: PREFIX }).subscribe((event) => seen.push(event.position))
    expect(latest().options.fromPosition).toBe(END)
    latest().emit('error', new UnavailableError())
    await vi.waitFor(() => expect(subscriptions).toHaveLength(2))
    expect(latest().options.fromPosition, 'nothing delivered yet: the end again').toBe(END)

    latest().write(resolved(7n))
    latest().emit('error', new UnavailableError())
    await vi.waitFor(() => expect(subscriptions).toHaveLength(3))
    expect(latest().options.fromPosition).toEqual({ commit: 7n, prepare: 7n })
    latest().write(resolved(8n))
    expect(seen).toEqual([encodePosition(7n), encodePosition(8n)])
  })

  it('resubscribes when the server ends the subscription', async () => {
    const { seen } = follow()
    latest().end()

    await vi.waitFor(() => expect(subscriptions).toHaveLength(2))
    expect(seen.errors).toEqual([])
  })

  it('passes a failure that is not transient on, without resubscribing', async () => {
    const { seen } = follow()
    const denied = new AccessDeniedError()
    latest().emit('error', denied)

    expect(seen.errors).toEqual([denied])
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(subscriptions).toHaveLength(1)
  })

  it('gives up after about 30 s of drops; a confirmation starts the waits over', async () => {
    // rxjs schedules its timers with setInterval.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] })
    const { seen } = follow()
    const dropAndWait = async () => {
      latest().emit('error', new UnavailableError())
      await vi.advanceTimersByTimeAsync(8_000)
    }
    for (let drop = 0; drop < 5; drop++) {
      await dropAndWait()
    }
    latest().emit('confirmation')
    for (let drop = 0; drop < 9; drop++) {
      await dropAndWait()
    }
    expect(seen.errors).toEqual([])
    expect(subscriptions).toHaveLength(15)

    await dropAndWait()
    expect(seen.errors).toEqual([expect.any(UnavailableError)])
    expect(subscriptions).toHaveLength(15)
  })

  it('cancels the call on unsubscribe', () => {
    const { subscription } = follow()
    subscription.unsubscribe()

    expect(latest().unsubscribe).toHaveBeenCalled()
  })

  it('completes open subscriptions when the store closes, and opens none after', async () => {
    const { seen } = follow()
    await store.close()

    expect(seen).toEqual({ completed: true, errors: [], positions: [] })
    expect(latest().unsubscribe).toHaveBeenCalled()
    expect(dispose).toHaveBeenCalled()
    expect(follow().seen.completed).toBe(true)
    expect(subscriptions).toHaveLength(1)
  })
})
