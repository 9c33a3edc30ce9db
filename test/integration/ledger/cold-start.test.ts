import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { EventStore } from '../../../src/events/store.js'
import type { ReserveLedgerOptions } from '../../../src/plugin/options.js'

import { RESERVATION_STREAM_PREFIX } from '../../../src/events/types.js'
import { reserveLedgerPlugin } from '../../../src/index.js'
import { RESERVE_QUEUE } from '../../../src/plugin/shared/reserve-queue.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { rebuildReservations } from '../../../src/projections/rebuild.js'
import { createTestDatabase, existingTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { login, restRequest, startPayload, stopPayload } from '../../helpers/payload.js'
import { dieAtDocumentWrite } from '../../support/die-at-document-write.js'
import { type JsonResponse, postJson } from '../../support/http.js'
import { seededRandom } from '../../support/seeded-random.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'
import {
  allReservations,
  auditClaims,
  type CheckedResource,
  type CheckedService,
  claimMismatches,
  collectionViolations,
  ledgerViolations,
} from '../support/reliability-invariants.js'

/** Repeat a failing run with RESERVE_COLD_SEED=<the seed in the suite's title>. */
const SEED = Number(process.env.RESERVE_COLD_SEED ?? Date.now() % 1_000_000)
const REQUESTS = Number(process.env.RESERVE_COLD_REQUESTS ?? 60)
const SECRET = 'cold-start-secret-shared-by-every-instance'
const STAFF = { email: 'cold-staff@example.test', password: 'cold-password' }
const GRACE_MS = 300
/** The share of requests whose instance dies at its first write of a reservation document. */
const CRASH_RATE = 0.2
const DAY = '2033-03-07'
const STARTS = ['09:00', '09:30', '10:00', '10:30'].map((time) => `${DAY}T${time}:00.000Z`)

/** Every delivery of a host callback, by any instance: `<hook> <reservation> <status>`. */
const deliveries: string[] = []
const options: ReserveLedgerOptions = {
  allowGuestBooking: true,
  catchUp: { graceMs: GRACE_MS, intervalMs: 60_000 },
  hooks: {
    afterBookingCreate: [({ doc }) => void deliveries.push(`create ${doc.id}`)],
    afterStatusChange: [({ doc, newStatus }) => void deliveries.push(`status ${doc.id} ${newStatus}`)],
  },
  inProcessTimers: false,
  userCollection: 'users',
}

/** A fresh Payload instance on the database, as a serverless host boots one per cold request. */
const coldInstance = (database: Pick<TestDatabase, 'adapter'>): Promise<Payload> =>
  startPayload({ config: { secret: SECRET }, database, plugins: [reserveLedgerPlugin(options)] })

const patch = async (payload: Payload, path: string, body: unknown, token: string): Promise<JsonResponse> => {
  const response = await restRequest(payload, path, {
    body: JSON.stringify(body),
    headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
    method: 'PATCH',
  })
  const text = await response.text()
  return { body: text === '' ? null : JSON.parse(text), status: response.status }
}

/** Reservations the ledger booked (and no recovery abandoned), from every reservation stream. */
const ledgerBookings = async (store: EventStore): Promise<Set<string>> => {
  const booked = new Set<string>()
  let after: string | undefined
  for (;;) {
    const page = await store.readAll({ after, limit: 500, streamPrefix: RESERVATION_STREAM_PREFIX })
    for (const event of page) {
      const id = event.stream.slice(RESERVATION_STREAM_PREFIX.length)
      if (event.type === 'ReservationBooked') booked.add(id)
      if (event.type === 'ReservationAbandoned') booked.delete(id)
    }
    if (page.length < 500) return booked
    after = page[page.length - 1].position
  }
}

type Operation = 'book' | 'cancel' | 'confirm' | 'jobs' | 'move'

/** What each kind of request may answer; anything else (a 5xx above all) fails the run. */
const ALLOWED: Record<Exclude<Operation, 'jobs'>, number[]> = {
  book: [201, 409],
  cancel: [200, 400],
  confirm: [200, 400],
  move: [200, 400, 409],
}

describe.each(testDatabaseKinds())(`cold starts: every request on a fresh instance, background work only as jobs (%s, seed ${SEED})`, (kind) => {
  let database: TestDatabase
  let token: string
  const resources: CheckedResource[] = []
  const services: CheckedService[] = []
  const booked: string[] = []
  /** Status changes the API acknowledged: `<reservation> <status>` (a repeated one changes nothing). */
  const changed = new Set<string>()
  const answers: Array<{ op: Operation; status: number }> = []
  /** Bookings whose instance died after the ledger appended them, since the jobs last ran. */
  let diedSinceJobs = 0
  let died = 0

  /** Boots an instance, serves one request on it, and shuts it down again. */
  const onColdInstance = async <T>(serve: (payload: Payload) => Promise<T>, schema = existingTestDatabase(kind, database.uri)): Promise<T> => {
    const payload = await coldInstance(schema)
    try {
      return await serve(payload)
    } finally {
      await stopPayload(payload)
    }
  }

  /** Ledger bookings without a document: what dead instances left for the jobs. */
  const unprojected = async (payload: Payload): Promise<string[]> => {
    const documents = new Set((await allReservations(payload)).map(({ id }) => id))
    return [...(await ledgerBookings(ledgerServices.of(payload).store))].filter((id) => !documents.has(id))
  }

  /** What a scheduler's GET /api/payload-jobs/run?queue=reserve-ledger runs, on a cold instance. */
  const runJobs = () =>
    onColdInstance(async (payload) => {
      // A scheduler calls a while after the requests; catch-up leaves events younger than its grace to their writer.
      await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 200))
      // No boot and no request has done background work since the jobs last ran.
      expect((await unprojected(payload)).length, 'bookings of dead instances before the jobs run').toBe(diedSinceJobs)
      await payload.jobs.queue({ input: {}, queue: RESERVE_QUEUE, task: 'reserveCatchUp' })
      await payload.jobs.run({ queue: RESERVE_QUEUE })
      expect(await unprojected(payload), 'bookings of dead instances after the jobs ran').toEqual([])
      diedSinceJobs = 0
    })

  beforeAll(async () => {
    deliveries.length = 0
    database = await createTestDatabase(kind)
    await onColdInstance(async (payload) => {
      await payload.create({ collection: 'users', data: { ...STAFF, role: 'admin' } })
      const service = { bufferTimeAfter: 0, bufferTimeBefore: 0, duration: 60 }
      const { id } = await payload.create({
        collection: 'services',
        data: { ...service, allowGuestBooking: 'enabled', name: 'Cold hour', slotInterval: 30 },
      })
      services.push({ ...service, id })
      for (const quantity of [1, 2]) {
        const resource = await payload.create({
          collection: 'resources',
          data: { capacityMode: 'per-reservation', name: `Cold ${quantity}`, quantity, services: [id] },
        })
        await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
        resources.push({ capacityMode: 'per-reservation', id: resource.id, quantity })
      }
      token = await login(payload, STAFF)
      // The first instance pushes the schema, as a deployment's migration would.
    }, database)
  }, 120_000)

  afterAll(async () => {
    await database?.drop()
  })

  /** Sends one request; the answer, or undefined when its instance died before answering. */
  const send = (payload: Payload, op: Exclude<Operation, 'jobs'>, target: string | undefined, pick: <T>(items: readonly T[]) => T) => {
    if (op === 'book' || target === undefined) {
      const guest = { email: `cold-${answers.length}@example.test`, name: 'Cold Guest' }
      return postJson(payload, '/api/reserve/book', { guest, resource: pick(resources).id, service: services[0].id, startTime: pick(STARTS) })
    }
    if (op === 'move') {
      return patch(payload, `/api/reservations/${target}`, { resource: pick(resources).id, startTime: pick(STARTS) }, token)
    }
    return op === 'cancel'
      ? postJson(payload, '/api/reserve/cancel', { reservationId: target }, token)
      : patch(payload, `/api/reservations/${target}`, { status: 'confirmed' }, token)
  }

  const request = async (wanted: Exclude<Operation, 'jobs'>, next: () => number, mustDie = false): Promise<void> => {
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]
    const target = booked.length > 0 ? pick(booked) : undefined
    const op = target === undefined ? 'book' : wanted
    const dies = next() < CRASH_RATE || mustDie
    const response = await onColdInstance(async (payload) => {
      const death = dies ? dieAtDocumentWrite(payload) : new Promise<never>(() => undefined)
      return Promise.race([send(payload, op, target, pick), death.then(() => undefined)])
    })
    if (response === undefined) {
      // The ledger appended before the write that hung: the change stands, unanswered.
      died++
      if (op === 'book') diedSinceJobs++
      if (op === 'cancel' || op === 'confirm') changed.add(`${target} ${op === 'cancel' ? 'cancelled' : 'confirmed'}`)
      return
    }
    answers.push({ op, status: response.status })
    expect(ALLOWED[op], `${op} answered ${response.status}: ${JSON.stringify(response.body)}`).toContain(response.status)
    if (op === 'book' && response.status === 201) booked.push(response.body.id)
    if ((op === 'cancel' || op === 'confirm') && response.status === 200) changed.add(`${target} ${op === 'cancel' ? 'cancelled' : 'confirmed'}`)
  }

  it(`${REQUESTS} random requests, each on a cold instance, leave the ledger, the collection and the hooks consistent`, async () => {
    const next = seededRandom(SEED)
    const operations: Operation[] = ['book', 'book', 'book', 'move', 'move', 'confirm', 'cancel', 'jobs']
    for (let n = 0; n < REQUESTS; n++) {
      const op = operations[Math.floor(next() * operations.length)]
      if (op === 'jobs') {
        await runJobs()
      } else {
        await request(op, next)
      }
    }
    expect(answers.filter(({ op, status }) => op === 'book' && status === 201).length, 'the run must book').toBeGreaterThan(0)
    // A seed whose doomed requests were all refused before writing (seed 230436) killed no
    // instance: such a run goes on with bookings that die at their write until one has.
    for (let tries = 0; died === 0 && tries < 20; tries++) {
      await request('book', next, true)
    }

    // Background work runs only because the scheduler runs the jobs.
    await runJobs()

    expect(died, 'some instances must die mid-request').toBeGreaterThan(0)

    await onColdInstance(async (payload) => {
      const runtime = ledgerServices.of(payload)
      const blocking = runtime.options.statusMachine.blockingStatuses
      const snapshot = await allReservations(payload)
      // Every acknowledged booking, and every one a dead instance appended, has its document.
      expect(snapshot.map(({ id }) => id).sort()).toEqual([...(await ledgerBookings(runtime.store))].sort())
      expect(snapshot.map(({ id }) => id)).toEqual(expect.arrayContaining(booked))
      expect(await ledgerViolations(runtime.store, resources)).toEqual([])
      expect(collectionViolations(snapshot, resources, services, blocking)).toEqual([])
      expect(await auditClaims(runtime.store, resources, snapshot, blocking)).toEqual({ orphans: [], unclaimed: [] })
      expect(await claimMismatches(runtime.store, resources, services, snapshot, blocking)).toEqual([])
      // Every acknowledged status change stands, and each host callback was delivered exactly once.
      const statusOf = new Map(snapshot.map(({ id, status }) => [id, status]))
      for (const change of [...changed].filter((entry) => entry.endsWith('cancelled'))) {
        expect(statusOf.get(change.split(' ')[0])).toBe('cancelled')
      }
      const expected = [...snapshot.map(({ id }) => `create ${id}`), ...[...changed].map((change) => `status ${change}`)]
      expect([...deliveries].sort()).toEqual(expected.sort())

      await rebuildReservations(payload, { collection: 'reservations', projector: runtime.projector, store: runtime.store })
      expect(await allReservations(payload)).toEqual(snapshot)
    })
  }, 600_000)

  it("a change repeated after its writer died has the dead writer's hooks delivered once", async () => {
    const guest = { email: 'cold-repeat@example.test', name: 'Cold Guest' }
    const startTime = '2033-03-08T09:00:00.000Z'
    const booking = await onColdInstance((payload) =>
      postJson(payload, '/api/reserve/book', { guest, resource: resources[0].id, service: services[0].id, startTime }),
    )
    expect(booking.status).toBe(201)
    const id: string = booking.body.id
    const confirm = (payload: Payload) => patch(payload, `/api/reservations/${id}`, { status: 'confirmed' }, token)
    // The first confirm is appended, and its instance dies before the document says so.
    await onColdInstance((payload) => Promise.race([confirm(payload), dieAtDocumentWrite(payload)]))
    // Staff see "pending" still and confirm again: the ledger has nothing to add.
    expect((await onColdInstance(confirm)).status).toBe(200)
    await runJobs()
    expect(deliveries.filter((delivery) => delivery.includes(id))).toEqual([`create ${id}`, `status ${id} confirmed`])
  }, 120_000)
})
