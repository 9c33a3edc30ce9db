import { beforeAll, describe, expect, it } from 'vitest'

import type { StressOp, StressResult } from '../support/stress-node.js'

import { getRuntime } from '../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../helpers/databases.js'
import { usePayloadOn } from '../support/suite-payload.js'
import { ALWAYS_OPEN } from './plugin-http.js'
import {
  allReservations,
  auditClaims,
  type CheckedResource,
  type CheckedService,
  collectionViolations,
  ledgerViolations,
} from './reliability-invariants.js'
import { spawnStressNode } from './reliability-nodes.js'

const postgres = testDatabaseKinds().includes('postgres')

const PROCESSES = 4
const OPS_PER_PROCESS = 250
const PASSWORD = 'stress-password'
/** One staff account per process: Payload keeps a user's sessions in its document, and
 * concurrent logins of one user from several processes overwrite each other's session. */
const staffEmail = (n: number) => `stress-staff-${n}@example.test`
/** Repeat a failing run with RESERVE_STRESS_SEED=<the seed in the failure message>. */
const SEED = Number(process.env.RESERVE_STRESS_SEED ?? Date.now() % 1_000_000)

/** What each kind of operation may answer; anything else is a bug. */
const ALLOWED: Record<StressOp['kind'], number[]> = {
  // 409: the slot is full.
  book: [201, 409],
  // 400: a completed or no-show reservation cannot be cancelled; 409: lost 30 races in a row.
  cancel: [200, 400, 409],
  // 400: the status machine refuses the move (from a terminal status, or back).
  status: [200, 400, 409],
}

describe.skipIf(!postgres)(`${PROCESSES} OS processes × ${OPS_PER_PROCESS} random operations on one PostgreSQL database (seed ${SEED})`, () => {
  const site = usePayloadOn('postgres', { allowGuestBooking: true })
  const resources: CheckedResource[] = []
  const services: CheckedService[] = []
  let results: StressResult[] = []

  beforeAll(async () => {
    for (let n = 0; n < PROCESSES; n++) {
      await site.payload.create({ collection: 'users', data: { email: staffEmail(n), password: PASSWORD, role: 'admin' } })
    }
    for (const service of [
      { bufferTimeAfter: 0, bufferTimeBefore: 0, duration: 60 },
      { bufferTimeAfter: 15, bufferTimeBefore: 0, duration: 30 },
    ]) {
      const { id } = await site.payload.create({ collection: 'services', data: { ...service, name: `Stress ${service.duration}` } })
      services.push({ ...service, id })
    }
    // Single units where every overlap is a conflict, larger ones where peaks add up, and
    // per-guest ones where a booking takes one or two units.
    const shapes = [1, 1, 1, 1, 2, 2, 3, 3, 3, 4].map((quantity, i) => ({
      capacityMode: i >= 8 ? ('per-guest' as const) : ('per-reservation' as const),
      quantity,
    }))
    for (const [i, shape] of shapes.entries()) {
      const { id } = await site.payload.create({
        collection: 'resources',
        data: { ...shape, name: `Stress ${i}`, services: services.map((service) => service.id) },
      })
      await site.payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: id } })
      resources.push({ ...shape, id })
    }

    const nodes = Array.from({ length: PROCESSES }, (_, n) =>
      spawnStressNode({
        NODE_CONCURRENCY: '3',
        NODE_DATABASE_KIND: 'postgres',
        NODE_DATABASE_URI: site.database.uri,
        NODE_DAY: '2030-07-01',
        NODE_OPS: String(OPS_PER_PROCESS),
        NODE_RESOURCES: resources.map(({ id }) => id).join(','),
        NODE_SCENARIO: 'stress',
        NODE_SEED: String(SEED + n),
        NODE_SERVICES: services.map(({ id }) => id).join(','),
        NODE_STAFF_EMAIL: staffEmail(n),
        NODE_STAFF_PASSWORD: PASSWORD,
        // Eight half-hourly starts: dense enough that most bookings compete.
        NODE_STARTS: '8',
      }),
    )
    await Promise.all(nodes.map((node) => node.waitFor('ready')))
    nodes.forEach((node) => node.send('go'))
    results = await Promise.all(nodes.map((node) => node.result(150_000)))
    await Promise.all(nodes.map((node) => node.exited))
    // A document whose write failed after its events were committed is left to catch-up.
    await new Promise((resolve) => setTimeout(resolve, 400))
    await getRuntime(site.payload).catchUp.run()
  }, 240_000)

  const ops = () => results.flatMap((result) => result.ops)
  const blocking = () => getRuntime(site.payload).options.statusMachine.blockingStatuses

  it('answers every operation with a status it allows, never a server error, and really contends', () => {
    expect(ops()).toHaveLength(PROCESSES * OPS_PER_PROCESS)
    expect(ops().filter((op) => !ALLOWED[op.kind].includes(op.status))).toEqual([])
    const count = (kind: StressOp['kind'], status: number) => ops().filter((op) => op.kind === kind && op.status === status).length
    expect(count('book', 201)).toBeGreaterThan(50)
    expect(count('book', 409)).toBeGreaterThan(50)
    expect(count('cancel', 200)).toBeGreaterThan(20)
    expect(count('status', 200)).toBeGreaterThan(20)
  })

  it('never held more than a resource’s capacity at any revision of the ledger', async () => {
    expect(await ledgerViolations(getRuntime(site.payload).store, resources)).toEqual([])
  })

  it('never holds more than a resource’s capacity in the reservations collection', async () => {
    expect(collectionViolations(await allReservations(site.payload), resources, services, blocking())).toEqual([])
  })

  it('has a document for every booking answered 201, and the ledger’s claims match the documents', async () => {
    const reservations = await allReservations(site.payload)
    const stored = new Set(reservations.map(({ id }) => id))
    const booked = results.flatMap((result) => result.booked)
    expect(booked.filter((id) => !stored.has(id))).toEqual([])
    expect(await auditClaims(getRuntime(site.payload).store, resources, reservations, blocking())).toEqual({ orphans: [], unclaimed: [] })
  })
})
