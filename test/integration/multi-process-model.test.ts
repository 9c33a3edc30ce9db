import type { Payload } from 'payload'

import { describe, expect, it } from 'vitest'

import type { RecordedEvent, ReservationEvent } from '../../src/events/types.js'
import type { StressOp, StressResult } from '../support/stress-node.js'

import { voidedRevisions } from '../../src/commands/reservation-decider.js'
import { reservationStream } from '../../src/events/types.js'
import { rebuildReservations } from '../../src/projections/rebuild.js'
import { getRuntime } from '../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../helpers/databases.js'
import { usePayloadOn } from '../support/suite-payload.js'
import { ALWAYS_OPEN } from './plugin-http.js'
import {
  allReservations,
  auditClaims,
  type CheckedResource,
  type CheckedService,
  claimMismatches,
  collectionViolations,
  ledgerViolations,
} from './reliability-invariants.js'
import { spawnStressNode } from './reliability-nodes.js'

/**
 * Several OS processes on one database send random bookings, cancels, status changes and moves
 * (start, resource, guest count), on their own reservations and on each other's, over few
 * resources and starts so that they collide. Afterwards the ledger and the collection are
 * checked against the model: capacity never exceeded at any revision, every acknowledged
 * command reflected, the collection equal to a rebuild, every claim where its reservation is.
 *
 * Repeat a failing run with RESERVE_STRESS_SEED=<seed in the test name>; `npm run soak` runs
 * RESERVE_STRESS_SEEDS consecutive seeds with more operations.
 */
const PROCESSES = Number(process.env.RESERVE_STRESS_PROCESSES ?? 3)
const OPS_PER_PROCESS = Number(process.env.RESERVE_STRESS_OPS ?? 100)
const SEEDS = Number(process.env.RESERVE_STRESS_SEEDS ?? 3)
const FIRST_SEED = Number(process.env.RESERVE_STRESS_SEED ?? Date.now() % 1_000_000)
const PASSWORD = 'stress-password'

/** What each kind of operation may answer; anything else is a bug. */
const ALLOWED: Record<StressOp['kind'], number[]> = {
  // 409: the slot is full.
  book: [201, 409],
  // 400: a completed or no-show reservation cannot be cancelled; 409: lost 30 races in a row.
  cancel: [200, 400, 409],
  // 400: a terminal reservation cannot move; 409: the new time or resource is taken.
  move: [200, 400, 409],
  // 400: the status machine refuses the move (from a terminal status, or back).
  status: [200, 400, 409],
}

interface Model {
  resources: CheckedResource[]
  services: CheckedService[]
}

/** Few resources and services, fresh per seed: single units, a pair, per-guest seats. */
const seedModel = async (payload: Payload, seed: number): Promise<Model> => {
  const services: CheckedService[] = []
  for (const service of [
    { bufferTimeAfter: 0, bufferTimeBefore: 0, duration: 60 },
    { bufferTimeAfter: 15, bufferTimeBefore: 0, duration: 30 },
  ]) {
    const { id } = await payload.create({ collection: 'services', data: { ...service, name: `Model ${seed} ${service.duration}` } })
    services.push({ ...service, id })
  }
  const resources: CheckedResource[] = []
  for (const [i, shape] of [
    { capacityMode: 'per-reservation' as const, quantity: 1 },
    { capacityMode: 'per-reservation' as const, quantity: 1 },
    { capacityMode: 'per-reservation' as const, quantity: 2 },
    { capacityMode: 'per-guest' as const, quantity: 3 },
  ].entries()) {
    const { id } = await payload.create({
      collection: 'resources',
      data: { ...shape, name: `Model ${seed} ${i}`, services: services.map((service) => service.id) },
    })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: id } })
    resources.push({ ...shape, id })
  }
  return { resources, services }
}

/** A day of its own per seed, so seeds sharing a database never touch each other's claims. */
const dayOf = (seed: number): string => new Date(Date.UTC(2032, 0, 1) + (seed % 3000) * 86_400_000).toISOString().slice(0, 10)

describe.each(testDatabaseKinds())('%s: OS processes sharing one database, checked against the model', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })
  const staffEmail = (seed: number, n: number) => `model-${seed}-${n}@example.test`

  const runSeed = async (seed: number) => {
    const { payload } = site
    const model = await seedModel(payload, seed)
    for (let n = 0; n < PROCESSES; n++) {
      // One staff account per process: concurrent logins of one user overwrite its sessions.
      await payload.create({ collection: 'users', data: { email: staffEmail(seed, n), password: PASSWORD, role: 'admin' } })
    }
    const nodes = Array.from({ length: PROCESSES }, (_, n) =>
      spawnStressNode({
        NODE_CONCURRENCY: '3',
        NODE_DATABASE_KIND: kind,
        NODE_DATABASE_URI: site.database.uri,
        NODE_DAY: dayOf(seed),
        NODE_MOVES: '1',
        NODE_OPS: String(OPS_PER_PROCESS),
        NODE_RESOURCES: model.resources.map(({ id }) => id).join(','),
        NODE_SCENARIO: 'stress',
        NODE_SEED: String(seed * 10 + n),
        NODE_SERVICES: model.services.map(({ id }) => id).join(','),
        NODE_STAFF_EMAIL: staffEmail(seed, n),
        NODE_STAFF_PASSWORD: PASSWORD,
        // Three half-hourly starts: dense enough that most operations compete.
        NODE_STARTS: '3',
      }),
    )
    await Promise.all(nodes.map((node) => node.waitFor('ready', 120_000)))
    nodes.forEach((node) => node.send('go'))
    const results: StressResult[] = await Promise.all(nodes.map((node) => node.result(240_000)))
    await Promise.all(nodes.map((node) => node.exited))
    // What a write left to catch-up (a document behind its stream, a claim to set right).
    await new Promise((resolve) => setTimeout(resolve, 400))
    await getRuntime(payload).catchUp.run()
    return { model, ops: results.flatMap((result) => result.ops), results }
  }

  const check = async (seed: number, { model, ops, results }: Awaited<ReturnType<typeof runSeed>>) => {
    const runtime = getRuntime(site.payload)
    const blocking = runtime.options.statusMachine.blockingStatuses
    const ours = new Set(model.resources.map(({ id }) => String(id)))
    const reservations = (await allReservations(site.payload)).filter((reservation) => ours.has(String(reservation.resource)))
    const byId = new Map(reservations.map((reservation) => [reservation.id, reservation]))
    const streamOf = (id: string) => runtime.store.readStream<ReservationEvent>(reservationStream(id))
    const problems: Record<string, unknown> = {}

    const unexpected = ops.filter((op) => !ALLOWED[op.kind].includes(op.status))
    if (unexpected.length > 0) problems.unexpectedAnswers = unexpected.slice(0, 10)
    const ledger = await ledgerViolations(runtime.store, model.resources)
    if (ledger.length > 0) problems.ledgerOverCapacity = ledger
    const collection = collectionViolations(reservations, model.resources, model.services, blocking)
    if (collection.length > 0) problems.collectionOverCapacity = collection

    // Every acknowledged command is in the ledger, not voided, and every booking has its document.
    const lost: string[] = []
    for (const id of results.flatMap((result) => result.booked)) {
      if (!byId.has(id)) lost.push(`booking ${id} has no document`)
    }
    const streams = new Map<string, RecordedEvent<ReservationEvent>[]>()
    for (const op of ops.filter((o) => o.status === 200 && o.id !== undefined)) {
      const events = streams.get(op.id!) ?? (await streamOf(op.id!))
      streams.set(op.id!, events)
      const voided = voidedRevisions(events)
      const live = events.filter((event) => !voided.has(event.revision))
      const found =
        op.kind === 'move'
          ? live.some((event) => event.type === 'ReservationDetailsUpdated' && event.data.changes.notes === op.tag)
          : live.some((event) => event.type === 'ReservationStatusChanged' && event.data.to === op.to)
      if (!found) lost.push(`${op.kind} ${op.tag ?? op.to} of ${op.id}`)
    }
    if (lost.length > 0) problems.acknowledgedButLost = lost.slice(0, 10)

    // Every claim is where its reservation is, and none is left without one.
    const audit = await auditClaims(runtime.store, model.resources, reservations, blocking)
    if (audit.orphans.length + audit.unclaimed.length > 0) problems.claims = audit
    const misplaced = await claimMismatches(runtime.store, model.resources, model.services, reservations, blocking)
    if (misplaced.length > 0) problems.misplacedClaims = misplaced.slice(0, 10)

    // The collection is exactly what the ledger rebuilds.
    const before = await allReservations(site.payload)
    await rebuildReservations(site.payload, { collection: 'reservations', projector: runtime.projector, store: runtime.store })
    const after = await allReservations(site.payload)
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      problems.rebuildDiffers = after.filter((doc, i) => JSON.stringify(doc) !== JSON.stringify(before[i])).slice(0, 3)
    }
    const count = (k: StressOp['kind'], status: number) => ops.filter((op) => op.kind === k && op.status === status).length
    return {
      contention: { booked: count('book', 201), moved: count('move', 200), refusedBookings: count('book', 409), refusedMoves: count('move', 409) },
      problems,
      seed,
    }
  }

  const seeds = Array.from({ length: SEEDS }, (_, i) => FIRST_SEED + i)
  it.each(seeds)(`seed %i: ${PROCESSES} processes × ${OPS_PER_PROCESS} operations never overbook, lose nothing, and rebuild to the same collection`, async (seed) => {
    const outcome = await check(seed, await runSeed(seed))
    console.info(`multi-process model (${kind}) ${JSON.stringify({ contention: outcome.contention, problems: Object.keys(outcome.problems), seed })}`)
    // The seed is in the message: RESERVE_STRESS_SEED=<seed> replays it.
    expect(outcome.problems, `seed ${seed} on ${kind}`).toEqual({})
    expect(outcome.contention.refusedBookings + outcome.contention.refusedMoves, `seed ${seed}: the processes must collide`).toBeGreaterThan(0)
    expect(outcome.contention.moved, `seed ${seed}: moves must happen`).toBeGreaterThan(0)
  }, 420_000)
})
