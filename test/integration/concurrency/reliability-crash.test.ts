import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { rebuildReservations } from '../../../src/projections/rebuild.js'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { stopPayload } from '../../helpers/payload.js'
import { startReservePayload } from '../../support/reserve-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'
import {
  allReservations,
  auditClaims,
  type CheckedResource,
  type CheckedService,
  collectionViolations,
  ledgerViolations,
} from '../support/reliability-invariants.js'
import { spawnStressNode } from '../support/reliability-nodes.js'

const ROUNDS = 3
const STAFF = { email: 'crash-staff@example.test', password: 'crash-password' }
/** Repeat a failing run with RESERVE_CRASH_SEED=<the seed in the failure message>. */
const SEED = Number(process.env.RESERVE_CRASH_SEED ?? Date.now() % 1_000_000)

/** Milliseconds from the stream's first acknowledged booking to the kill: wherever that lands. */
const killDelay = (round: number): number => (SEED * 7919 + round * 104_729) % 1_500

describe.each(testDatabaseKinds())(`SIGKILL at random moments of a booking stream, then restart and catch-up (%s, seed ${SEED})`, (kind) => {
  let database: TestDatabase
  const resources: CheckedResource[] = []
  const services: CheckedService[] = []
  const acknowledged = { booked: new Set<string>(), cancelled: new Set<string>() }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const first = await startReservePayload(database, { allowGuestBooking: true })
    await first.create({ collection: 'users', data: { ...STAFF, role: 'admin' } })
    for (const service of [
      { bufferTimeAfter: 0, bufferTimeBefore: 0, duration: 60 },
      { bufferTimeAfter: 15, bufferTimeBefore: 0, duration: 30 },
    ]) {
      const { id } = await first.create({ collection: 'services', data: { ...service, name: `Crash ${service.duration}` } })
      services.push({ ...service, id })
    }
    for (const quantity of [1, 2, 3]) {
      const { id } = await first.create({
        collection: 'resources',
        data: { capacityMode: 'per-reservation', name: `Crash ${quantity}`, quantity, services: services.map((s) => s.id) },
      })
      await first.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: id } })
      resources.push({ capacityMode: 'per-reservation', id, quantity })
    }
    await stopPayload(first)
  })

  afterAll(async () => {
    await database.drop()
  })

  /** The node's stream of bookings and cancellations, killed after `delay` ms; what it acknowledged. */
  const killMidStream = async (round: number, delay: number) => {
    const node = spawnStressNode({
      NODE_CONCURRENCY: '3',
      NODE_DATABASE_KIND: kind,
      NODE_DATABASE_URI: database.uri,
      // A day of its own per round, 24 hours of half-hourly starts: most bookings fit.
      NODE_DAY: `2030-09-0${round + 1}`,
      NODE_RESOURCES: resources.map(({ id }) => id).join(','),
      NODE_SCENARIO: 'crash',
      NODE_SEED: String(SEED + round),
      NODE_SERVICES: services.map(({ id }) => id).join(','),
      NODE_STAFF_EMAIL: STAFF.email,
      NODE_STAFF_PASSWORD: STAFF.password,
      NODE_STARTS: '48',
    })
    await node.waitFor('ack book ')
    await new Promise((resolve) => setTimeout(resolve, delay))
    node.process.kill('SIGKILL')
    expect(await node.exited).toBe('SIGKILL')
    for (const line of node.lines) {
      const [, what, id] = line.split(' ')
      if (line.startsWith('ack book ')) {
        acknowledged.booked.add(id)
      } else if (what === 'cancel') {
        acknowledged.cancelled.add(id)
      }
    }
  }

  /** What must hold after every restart, for everything acknowledged in every round so far. */
  const checkRecovered = async (payload: Payload) => {
    const runtime = ledgerServices.of(payload)
    const blocking = runtime.options.statusMachine.blockingStatuses
    const reservations = await allReservations(payload)
    const byId = new Map(reservations.map((reservation) => [reservation.id, reservation]))

    // No acknowledged booking or cancellation is lost.
    expect([...acknowledged.booked].filter((id) => !byId.has(id))).toEqual([])
    expect([...acknowledged.cancelled].filter((id) => byId.get(id)?.status !== runtime.options.cancelledStatus)).toEqual([])
    // No orphan claims, no blocking reservation without its claim, no capacity exceeded.
    expect(await auditClaims(runtime.store, resources, reservations, blocking)).toEqual({ orphans: [], unclaimed: [] })
    expect(await ledgerViolations(runtime.store, resources)).toEqual([])
    expect(collectionViolations(reservations, resources, services, blocking)).toEqual([])
    // The collection is exactly what the ledger rebuilds.
    const before = await allReservations(payload)
    await rebuildReservations(payload, {
      collection: runtime.options.slugs.reservations,
      projector: runtime.projector,
      store: runtime.store,
    })
    expect(await allReservations(payload)).toEqual(before)
  }

  it(`recovers after each of ${ROUNDS} kills: nothing acknowledged lost, no orphan claim, the collection equals a rebuild`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await killMidStream(round, killDelay(round))
      // Catch-up starts at boot; a grace of 0 lets it settle everything the killed node left.
      const restarted = await startReservePayload(database, { allowGuestBooking: true, catchUp: { graceMs: 0, intervalMs: 3_600_000 } })
      try {
        await ledgerServices.of(restarted).catchUp.settle()
        await checkRecovered(restarted)
      } finally {
        await stopPayload(restarted)
      }
    }
  }, 170_000)
})
