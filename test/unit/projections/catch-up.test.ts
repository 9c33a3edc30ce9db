import type { Subscription } from 'rxjs'

import { concat, take, throwError } from 'rxjs'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { Ledger } from '../../../src/commands/ledger.js'
import type { EventStore } from '../../../src/events/store.js'
import type { CapacityClaimed, NewEvent } from '../../../src/events/types.js'
import type { CheckpointStore } from '../../../src/projections/catch-up.js'
import type { ReservationsProjector } from '../../../src/projections/reservations-projector.js'

import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { NO_STREAM } from '../../../src/events/store.js'
import { capacityStreamName, monthOf } from '../../../src/events/capacity-streams.js'
import { EVENT_SCHEMA_VERSION, reservationStream } from '../../../src/events/types.js'
import { CatchUp } from '../../../src/projections/catch-up.js'
import { projectDocuments, reconcileClaims } from '../../../src/projections/catch-up-handlers.js'
import { RequestOwnership } from '../../../src/projections/request-ownership.js'
import { booking, createLedger, plan, staff, withoutAtomicAppend } from '../../support/ledger-fixtures.js'
import { IN_2030 } from '../../support/month-streams.js'

// Long enough that a loaded machine does not age an event past it between two statements.
const GRACE_MS = 500
const RETRY_MS = 50
const SLOT = '2030-02-01T09:00:00.000Z'
/** Room for a loaded machine: the waits themselves are a few grace periods. */
const SOON = { timeout: 5_000 }

const memoryCheckpoint = (): CheckpointStore & { position: string | undefined } => ({
  load() {
    return Promise.resolve(this.position)
  },
  position: undefined,
  save(position) {
    this.position = position
    return Promise.resolve()
  },
})

/** A projector that records when it was asked for which reservation; no document is found up to date. */
const recordingProjector = () => {
  const calls: Array<{ at: number; reservationId: string }> = []
  const project = vi.fn<ReservationsProjector['project']>((reservationId) => {
    calls.push({ at: Date.now(), reservationId })
    return Promise.resolve()
  })
  const upToDate = () => Promise.resolve(new Set<string>())
  return { calls, project, upToDate }
}

const setup = (store: EventStore = createMemoryEventStore(), checkpoint = memoryCheckpoint()) => {
  const { busy, ledger } = createLedger({ store })
  const projector = recordingProjector()
  const ownership = new RequestOwnership()
  const catchUp = new CatchUp(store, [projectDocuments(projector, ownership), reconcileClaims(ledger, ownership)], checkpoint, {
    graceMs: GRACE_MS,
    lookbackMs: 60_000,
    maxPages: 10,
    pageSize: 500,
    retryMs: RETRY_MS,
  })
  return { busy, catchUp, checkpoint, ledger, ownership, projector, store }
}

/** The position of the store's last event. */
const endOf = async (store: EventStore): Promise<string> => {
  const all = await store.readAll({ limit: 10_000 })
  return all[all.length - 1].position
}

/**
 * Books as another process would: straight through a ledger, with no projector of this one
 * involved. Returns the reservation, when its events were recorded and where the store ends.
 */
const bookElsewhere = async (ledger: Ledger, start = SLOT) => {
  const command = booking(plan(['r1'], start))
  const { events } = await ledger.execute(command, staff)
  return {
    end: await endOf(ledger.store),
    recordedAt: Date.parse(events[0].recordedAt),
    reservationId: command.data.reservationId,
  }
}

const orphanClaim = (reservationId: string): NewEvent<CapacityClaimed> => ({
  data: { intervals: [{ end: Date.parse(SLOT) + 3_600_000, start: Date.parse(SLOT), units: 1 }], reservationId },
  metadata: {
    actor: { kind: 'system', name: 'crashed-process' },
    at: new Date().toISOString(),
    correlationId: reservationId,
    schemaVersion: EVENT_SCHEMA_VERSION,
  },
  type: 'CapacityClaimed',
})

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('live catch-up (a store that pushes events)', () => {
  const live: Subscription[] = []
  const follow = (catchUp: CatchUp, onError: (error: unknown) => void = () => undefined) => {
    const subscription = catchUp.follow(onError)
    live.push(subscription)
    return subscription
  }

  afterEach(() => {
    for (const subscription of live.splice(0)) {
      subscription.unsubscribe()
    }
  })

  it('projects a booking another process made once it is graceMs old, then saves the checkpoint past it', async () => {
    const { catchUp, checkpoint, ledger, projector } = setup()
    const onError = vi.fn()
    follow(catchUp, onError)

    const { end, recordedAt, reservationId } = await bookElsewhere(ledger)
    expect(projector.project).not.toHaveBeenCalled()

    await vi.waitFor(() => expect(checkpoint.position).toBe(end), SOON)
    expect(projector.calls.map((call) => call.reservationId)).toEqual([reservationId])
    expect(projector.calls[0].at - recordedAt).toBeGreaterThanOrEqual(GRACE_MS)
    expect(onError).not.toHaveBeenCalled()
  })

  it('checks the claim a booking placed before its reservation event in the run that takes that event, reading neither stream', async () => {
    // Claims one stream at a time, as JetStream: the hold first, the reservation event half a grace later.
    const inOrder = withoutAtomicAppend(createMemoryEventStore())
    const append = inOrder.append.bind(inOrder)
    inOrder.append = async (request) => {
      if (request.stream.startsWith('reserve-reservation-')) {
        await pause(GRACE_MS / 2)
      }
      return append(request)
    }
    const { catchUp, checkpoint, ledger, projector, store } = setup(inOrder)
    follow(catchUp)
    const command = booking(plan(['r1'], SLOT))
    await ledger.execute(command, staff)
    const end = await endOf(store)
    const readStream = vi.spyOn(store, 'readStream')

    await vi.waitFor(() => expect(checkpoint.position).toBe(end), SOON)
    expect(projector.calls.map((call) => call.reservationId)).toEqual([command.data.reservationId])
    // The hold's run had no event of the reservation: its claim waited for the run with it.
    expect(readStream.mock.calls.map(([stream]) => stream)).toEqual([])
    expect((await ledger.reconcileClaims(command.data.reservationId, [], staff)).length).toBe(0)
  })

  it('leaves a reservation a request is writing to that request, and still moves the checkpoint past it', async () => {
    const { catchUp, checkpoint, ledger, ownership, projector, store } = setup()
    follow(catchUp)
    const command = booking(plan(['r1'], SLOT))
    ownership.claim(command.data.reservationId)

    await ledger.execute(command, staff)

    const end = await endOf(store)
    await vi.waitFor(() => expect(checkpoint.position).toBe(end), SOON)
    expect(projector.project).not.toHaveBeenCalled()
  })

  it('trims the claim of a booking that never landed, as a pass does', async () => {
    const { busy, catchUp, store } = setup()
    follow(catchUp)
    const orphan = uuidv7()

    await store.append({ events: [orphanClaim(orphan)], expectedRevision: NO_STREAM, stream: capacityStreamName('r1', monthOf(Date.parse(SLOT))) })

    await vi.waitFor(async () => expect((await busy.window('r1', ...IN_2030)).intervalsOf(orphan)).toEqual([]), SOON)
    expect((await store.readStream(reservationStream(orphan))).map(({ type }) => type)).toEqual([
      'ReservationAbandoned',
    ])
  })

  it('resumes from the checkpoint after a restart, without handling again what it handled', async () => {
    const store = createMemoryEventStore()
    const checkpoint = memoryCheckpoint()
    const first = setup(store, checkpoint)
    follow(first.catchUp)
    const before = await bookElsewhere(first.ledger)
    await vi.waitFor(() => expect(checkpoint.position).toBe(before.end), SOON)
    live.pop()?.unsubscribe()
    await first.catchUp.settle()

    const second = setup(store, checkpoint)
    follow(second.catchUp)
    const after = await bookElsewhere(second.ledger, '2030-02-01T11:00:00.000Z')

    await vi.waitFor(() => expect(checkpoint.position).toBe(after.end), SOON)
    expect(second.projector.calls.map((call) => call.reservationId)).toEqual([after.reservationId])
    expect(first.projector.calls.map((call) => call.reservationId)).toEqual([before.reservationId])
  })

  it('reports a failed run and, retryMs later, handles it again from the checkpoint', async () => {
    const { catchUp, checkpoint, ledger, projector } = setup()
    const failure = new Error('database unavailable')
    projector.project.mockRejectedValueOnce(failure)
    const onError = vi.fn()
    follow(catchUp, onError)

    const { end, reservationId } = await bookElsewhere(ledger)

    await vi.waitFor(() => expect(checkpoint.position).toBe(end), SOON)
    expect(onError.mock.calls).toEqual([[failure]])
    expect(projector.project.mock.calls.map(([id]) => id)).toEqual([reservationId, reservationId])
  })

  it('reports a failed subscription and subscribes again from the checkpoint', async () => {
    const store = createMemoryEventStore()
    const failure = new Error('subscription dropped')
    let subscriptions = 0
    const subscribe = store.subscribe!
    // The first subscription passes one event on, then drops.
    const flaky: EventStore = {
      ...store,
      subscribe: (options) =>
        ++subscriptions === 1
          ? concat(
              subscribe(options).pipe(take(1)),
              throwError(() => failure),
            )
          : subscribe(options),
    }
    const { catchUp, checkpoint, ledger, projector } = setup(flaky)
    const onError = vi.fn()
    follow(catchUp, onError)

    const { end, reservationId } = await bookElsewhere(ledger)

    await vi.waitFor(() => expect(checkpoint.position).toBe(end), SOON)
    expect(onError.mock.calls).toEqual([[failure]])
    expect(subscriptions).toBe(2)
    expect(projector.calls.map((call) => call.reservationId)).toEqual([reservationId])
  })

  it('skips what advanceTo reports handled elsewhere (a restore)', async () => {
    const { catchUp, checkpoint, ledger, projector } = setup()
    follow(catchUp)
    const restored = await bookElsewhere(ledger)
    await catchUp.advanceTo(restored.end)
    expect(checkpoint.position).toBe(restored.end)

    const later = await bookElsewhere(ledger, '2030-02-01T11:00:00.000Z')

    await vi.waitFor(() => expect(checkpoint.position).toBe(later.end), SOON)
    expect(projector.calls.map((call) => call.reservationId)).toEqual([later.reservationId])
  })

  it('stops on unsubscribe; settle waits for the run in progress', async () => {
    const { catchUp, checkpoint, ledger, projector } = setup()
    let finish: () => void = () => undefined
    projector.project.mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)))
    const subscription = follow(catchUp)
    const { end } = await bookElsewhere(ledger)
    await vi.waitFor(() => expect(projector.project).toHaveBeenCalledTimes(1), SOON)

    subscription.unsubscribe()
    let settled = false
    const settling = catchUp.settle().then(() => {
      settled = true
    })
    await pause(20)
    expect(settled).toBe(false)
    finish()
    await settling
    expect(checkpoint.position).toBe(end)

    await bookElsewhere(ledger, '2030-02-01T11:00:00.000Z')
    await pause(GRACE_MS * 2)
    expect(projector.project).toHaveBeenCalledTimes(1)
  })

  it('cannot follow a store that does not push events', () => {
    const { catchUp } = setup({ ...createMemoryEventStore(), subscribe: undefined })
    expect(() => catchUp.follow(() => undefined)).toThrow(/cannot push events/)
  })
})

describe('catch-up passes (a store that is polled)', () => {
  it('re-reads the look-back window for late commits, but handles each event once', async () => {
    // A store whose look-back reaches its first event: every pass re-reads everything.
    const memory = createMemoryEventStore()
    const store: EventStore = Object.assign(Object.create(Object.getPrototypeOf(memory)), memory, {
      committed: memory.committed,
      rewind: () => '',
    })
    const { catchUp, ledger, projector } = setup(store)
    const first = await bookElsewhere(ledger)
    await pause(GRACE_MS)
    expect(await catchUp.run()).toEqual({ projected: 1, reconciled: 0 })

    expect(await catchUp.run()).toEqual({ projected: 0, reconciled: 0 })
    const second = await bookElsewhere(ledger, '2030-02-01T11:00:00.000Z')
    await pause(GRACE_MS)
    expect(await catchUp.run()).toEqual({ projected: 1, reconciled: 0 })
    expect(projector.calls.map((call) => call.reservationId)).toEqual([first.reservationId, second.reservationId])
  })

  it('handles what is graceMs old and saves the checkpoint; younger events wait for the next pass', async () => {
    const { checkpoint, ledger, ownership, projector, store } = setup()
    const { end, recordedAt, reservationId } = await bookElsewhere(ledger)
    // The pass's clock, so that a loaded machine cannot age the booking between two statements.
    let now = recordedAt
    const options = { graceMs: GRACE_MS, lookbackMs: 60_000, maxPages: 10, pageSize: 500, retryMs: RETRY_MS }
    const catchUp = new CatchUp(store, [projectDocuments(projector, ownership), reconcileClaims(ledger, ownership)], checkpoint, options, () => now)

    expect(await catchUp.run()).toEqual({ projected: 0, reconciled: 0 })
    expect(checkpoint.position).toBeUndefined()

    now = recordedAt + GRACE_MS
    expect(await catchUp.run()).toEqual({ projected: 1, reconciled: 0 })
    expect(projector.calls.map((call) => call.reservationId)).toEqual([reservationId])
    expect(checkpoint.position).toBe(end)
  })

  it('reads at most maxPages pages past the checkpoint per pass, and the next pass goes on from there', async () => {
    const { checkpoint, ledger, ownership, projector, store } = setup()
    // Five bookings, two events each: five pages of two.
    const booked = []
    for (let hour = 10; hour < 15; hour++) {
      booked.push(await bookElsewhere(ledger, `2030-02-01T${hour}:00:00.000Z`))
    }
    const now = booked[booked.length - 1].recordedAt + GRACE_MS
    const options = { graceMs: GRACE_MS, lookbackMs: 60_000, maxPages: 2, pageSize: 2, retryMs: RETRY_MS }
    const catchUp = new CatchUp(store, [projectDocuments(projector, ownership), reconcileClaims(ledger, ownership)], checkpoint, options, () => now)

    expect(await catchUp.run()).toEqual({ projected: 2, reconciled: 0 })
    expect(await catchUp.run()).toEqual({ projected: 2, reconciled: 0 })
    expect(await catchUp.run()).toEqual({ projected: 1, reconciled: 0 })
    expect(await catchUp.run()).toEqual({ projected: 0, reconciled: 0 })
    expect(projector.calls.map((call) => call.reservationId)).toEqual(booked.map(({ reservationId }) => reservationId))
    expect(checkpoint.position).toBe(booked[booked.length - 1].end)
  })
})
