import type { Payload } from 'payload'

import { errors } from '@nats-io/transport-node'
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { Subject } from 'rxjs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { EventStore } from '../../../src/events/store.js'
import type { RecordedEvent } from '../../../src/events/types.js'
import type { EventStoreOption } from '../../../src/plugin/options.js'
import type { TestDatabase } from '../../helpers/databases.js'
import type { NatsCluster } from '../../support/nats-cluster.js'
import type { StressOp, StressResult } from '../../support/stress-node.js'

import { createJetStreamStore } from '../../../src/events/adapters/jetstream.js'
import { append } from '../../../src/events/adapters/jetstream/append.js'
import { openConnection } from '../../../src/events/adapters/jetstream/connection.js'
import { NO_STREAM } from '../../../src/events/store.js'
import { isReservationEvent } from '../../../src/events/types.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { rebuildReservations } from '../../../src/projections/rebuild.js'
import { createTestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { stopPayload } from '../../helpers/payload.js'
import { natsServerInstalled, NATS_SERVER, startNatsCluster } from '../../support/nats-cluster.js'
import { releasedEvent as released } from '../../support/ledger-fixtures.js'
import { requireOrSkip } from '../../support/nats.js'
import { startReservePayload } from '../../support/reserve-payload.js'
import {
  type AppendProbe,
  type LedgerProgress,
  longestGap,
  memoryCheckpoint,
  type RecordingCatchUp,
  recordingCatchUp,
  startAppendProbe,
  until,
  watchLedger,
} from './jetstream-cluster-probes.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'
import { overbookings } from './jetstream-cluster-invariants.js'
import {
  allReservations,
  bookedButRefused,
  type CheckedResource,
  type CheckedService,
  collectionViolations,
  ledgerEvents,
  lostCommands,
} from '../support/reliability-invariants.js'
import { spawnStressNode } from '../support/reliability-nodes.js'

/**
 * The scale-out story on a live cluster: three nats-server nodes (JetStream, routed to each
 * other, each with its own store directory) hold the ledger's stream with three replicas. Two
 * app processes (Payload on one database, the ledger on the cluster) book, move, cancel and
 * change statuses against each other while the parent kills one follower node with SIGKILL
 * and restarts it, then kills the stream's leader and restarts it. Afterwards: no capacity
 * exceeded at any revision, every acknowledged command in the ledger, the collection equal to
 * a rebuild, and live catch-up (stopped after the first restart and started again from its
 * checkpoint) handed every reservation event to its handler exactly once. A probe appending
 * every 20 ms measures how long the ledger could not append while the stream changed leader.
 */
const installed = requireOrSkip(natsServerInstalled(), `nats-server is not installed (${NATS_SERVER})`)
const kind = testDatabaseKinds().includes('postgres') ? 'postgres' : 'sqlite'
const PROCESSES = 2
const PASSWORD = 'cluster-password'

/** What each kind of operation may answer; a 5xx is a request the ledger could not carry through a node failure. */
const ALLOWED: Record<StressOp['kind'], number[]> = {
  book: [201, 409],
  cancel: [200, 400, 409],
  move: [200, 400, 409],
  status: [200, 400, 409],
}

const seedModel = async (payload: Payload) => {
  const service = await payload.create({ collection: 'services', data: { duration: 60, name: 'Cluster 60' } })
  const services: CheckedService[] = [{ bufferTimeAfter: 0, bufferTimeBefore: 0, id: service.id }]
  const resources: CheckedResource[] = []
  for (const quantity of [1, 2]) {
    // Tokyo: its local day holds the UTC midnight the bookings straddle, so guests may book across it.
    const data = { capacityMode: 'per-reservation' as const, name: `Cluster q${quantity}`, quantity, services: [service.id], timezone: 'Asia/Tokyo' }
    const { id } = await payload.create({ collection: 'resources', data })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: id } })
    resources.push({ capacityMode: 'per-reservation', id, quantity })
  }
  return { resources, services }
}

/** Ledger revisions that more than one event holds, with the positions holding them. */
const forkedRevisions = async (store: EventStore): Promise<string[]> => {
  const seen = new Map<string, string[]>()
  for (const { position, revision, stream } of await ledgerEvents(store)) {
    seen.set(`${stream}@${revision}`, [...(seen.get(`${stream}@${revision}`) ?? []), position])
  }
  return [...seen].filter(([, positions]) => positions.length > 1).map(([key, positions]) => `${key}: ${positions.join(', ')}`)
}

describe.skipIf(!installed)(`the ledger on a three-node JetStream cluster, nodes killed mid-run (${kind})`, () => {
  let cluster: NatsCluster
  let database: TestDatabase
  let payload: Payload
  let eventStore: EventStoreOption
  const stream = `reserve_cluster_${randomUUID().replaceAll('-', '')}`

  beforeAll(async () => {
    cluster = await startNatsCluster(3)
    database = await createTestDatabase(kind)
    eventStore = { kind: 'jetstream', replicas: 3, servers: cluster.servers, stream }
    payload = await startReservePayload(database, { allowGuestBooking: true, eventStore })
  })

  afterAll(async () => {
    if (payload) await stopPayload(payload)
    await database?.drop()
    await cluster?.stop()
  })

  /** Waits until every replica of the stream is current again (a restarted node has caught up). */
  const settled = async () => {
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(250)) {
      const { leader, replicas } = await cluster.streamCluster(stream).catch(() => ({ leader: undefined, replicas: [] }))
      if (leader && replicas.length === 3 && replicas.every(({ current }) => current)) return leader
    }
    throw new Error('the stream did not get three current replicas within 90 s')
  }

  /** Waits until the stream has a leader other than `killed`: the nodes left elected one. */
  const electedWithout = async (killed: string): Promise<string> => {
    let seen: string | undefined
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(250)) {
      seen = (await cluster.streamCluster(stream).catch(() => ({ leader: undefined }))).leader
      if (seen && seen !== killed) return seen
    }
    throw new Error(`the stream elected no leader but ${killed} within 90 s (last seen: ${seen ?? 'none'})`)
  }

  const spawnProcesses = async (model: Awaited<ReturnType<typeof seedModel>>) => {
    const nodes = []
    for (let n = 0; n < PROCESSES; n++) {
      const email = `cluster-${n}@example.test`
      await payload.create({ collection: 'users', data: { email, password: PASSWORD, role: 'admin' } })
      nodes.push(
        spawnStressNode({
          NODE_CONCURRENCY: '3',
          NODE_DATABASE_KIND: kind,
          NODE_DATABASE_URI: database.uri,
          // 23:00, 23:30 and 00:00: bookings straddle the end of February, claiming in two month streams.
          NODE_DAY: '2033-02-28',
          NODE_FIRST_START: String(23 * 60),
          NODE_EVENT_STORE: JSON.stringify(eventStore),
          NODE_INDEX: String(n),
          NODE_MOVES: '1',
          NODE_OPS: '0',
          NODE_RESOURCES: model.resources.map(({ id }) => id).join(','),
          NODE_SCENARIO: 'stress',
          NODE_SEED: String(Date.now() % 1_000_000),
          NODE_SERVICES: model.services.map(({ id }) => id).join(','),
          NODE_STAFF_EMAIL: email,
          NODE_STAFF_PASSWORD: PASSWORD,
          NODE_STARTS: '3',
          NODE_UNTIL_STOP: '1',
        }),
      )
    }
    await Promise.all(nodes.map((node) => node.waitFor('ready', 120_000)))
    return nodes
  }

  it('lets exactly one of 12 racers on three nodes append at a revision, round after round', async () => {
    // nats-server 2.9 alone lets several through on a replicated stream: its subject check ignores proposals in flight.
    const racing = `reserve_racers_${randomUUID().replaceAll('-', '')}`
    // A connection per racer, as if each were a process of its own: one process publishes its appends one at a time.
    const stores = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createJetStreamStore({ replicas: 3, servers: cluster.servers[i % 3], stream: racing })),
    )
    try {
      for (let round = 0; round < 20; round++) {
        const name = `reserve-race-${round}`
        await stores[0].append({ events: [released('first')], expectedRevision: NO_STREAM, stream: name })
        const outcomes = await Promise.allSettled(
          Array.from({ length: 12 }, (_, i) => stores[i].append({ events: [released(`racer-${i}`)], expectedRevision: 0, stream: name })),
        )
        const won = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.events[0].data.reservationId] : []))
        expect(won, `round ${round}`).toHaveLength(1)
        expect(outcomes.filter((outcome) => outcome.status === 'rejected').map(({ reason }) => (reason as Error).name)).toEqual(Array(11).fill('WrongExpectedRevisionError'))
        expect((await stores[1].readStream(name)).map(({ data }) => data.reservationId)).toEqual(['first', won[0]])
        // Every message of the subject, read forward: none but these two was stored.
        expect((await stores[2].readAll({ limit: 100, streamPrefix: name })).map(({ data }) => data.reservationId)).toEqual(['first', won[0]])
      }
    } finally {
      await Promise.all(stores.map((store) => store.close()))
    }
  })

  it("publishes a process's concurrent appends once each, and goes on after another process's append", async () => {
    const name = `reserve_own_${randomUUID().replaceAll('-', '')}`
    const connection = await openConnection({ name, replicas: 3, servers: cluster.servers })
    const other = await createJetStreamStore({ replicas: 3, servers: cluster.servers, stream: name })
    const publishes = vi.spyOn(connection.js, 'publish')
    const committed = new Subject<RecordedEvent>()
    try {
      const own = await Promise.all(
        Array.from({ length: 12 }, (_, i) => append(connection, committed, { events: [released(`own-${i}`)], expectedRevision: NO_STREAM, stream: `own-${i}` })),
      )
      expect(own.map(({ nextRevision }) => nextRevision)).toEqual(Array(12).fill(0))
      expect(publishes, 'no append of this process refused another').toHaveBeenCalledTimes(12)
      await other.append({ events: [released('elsewhere')], expectedRevision: NO_STREAM, stream: 'elsewhere' })
      await append(connection, committed, { events: [released('after')], expectedRevision: 0, stream: 'own-0' })
      expect(publishes, "refused once for the other process's append, then stored").toHaveBeenCalledTimes(14)
      expect((await other.readStream('own-0')).map(({ data }) => data.reservationId)).toEqual(['own-0', 'after'])
    } finally {
      connection.closed = true
      await connection.nc.close()
      await other.close()
    }
  })

  it('acknowledges an append whose answer was lost, though another writer appended after it', async () => {
    // As when the leader dies between storing a publish and answering it: the retry reaches a
    // leader whose subject check (2.9 runs it before the message-id check) sees the stream moved on.
    const name = `reserve_lost_${randomUUID().replaceAll('-', '')}`
    const connection = await openConnection({ name, replicas: 3, servers: cluster.servers })
    const other = await createJetStreamStore({ replicas: 3, servers: cluster.servers, stream: name })
    const publish = connection.js.publish.bind(connection.js)
    const retried = vi.spyOn(connection.js, 'publish').mockImplementationOnce(async (...args) => {
      await publish(...args)
      await other.append({ events: [released('after')], expectedRevision: 1, stream: 'lost-answer' })
      throw new errors.TimeoutError()
    })
    try {
      await other.append({ events: [released('first')], expectedRevision: NO_STREAM, stream: 'lost-answer' })
      const result = await append(connection, new Subject(), { events: [released('mine')], expectedRevision: 0, stream: 'lost-answer' })
      expect(result.events.map(({ data, revision }) => [revision, data.reservationId])).toEqual([[1, 'mine']])
      expect(retried, 'the publish was retried').toHaveBeenCalledTimes(2)
      expect((await other.readStream('lost-answer')).map(({ data }) => data.reservationId)).toEqual(['first', 'mine', 'after'])
    } finally {
      connection.closed = true
      await connection.nc.close()
      await other.close()
    }
  })

  /**
   * The node failures, while the processes book: a follower killed and restarted, live catch-up
   * stopped and started again from its checkpoint, then the stream's leader killed and restarted.
   * Each step waits for the processes to commit some more events rather than for a fixed time,
   * so that every phase sees bookings however slow the machine, and a fast one finishes sooner.
   */
  const failNodes = async (catchUp: RecordingCatchUp, ledger: LedgerProgress, probe: AppendProbe) => {
    await ledger.grows(30, 'before the first kill')
    const { leader: firstLeader } = await cluster.streamCluster(stream)
    const follower = cluster.names.find((name) => name !== firstLeader)!
    await cluster.kill(follower)
    await ledger.grows(30, `with ${follower} down`)
    await cluster.restart(follower)
    await settled()
    await catchUp.stop()
    await ledger.grows(15, 'while catch-up was stopped')
    catchUp.start()
    await ledger.grows(15, 'before the leader kill')
    const leader = await settled()
    const killedAt = Date.now()
    await cluster.kill(leader)
    // The two nodes left elect a leader, and the ledger appends on it before the old one returns.
    const elected = await electedWithout(leader)
    const failures = () => probe.failures.slice(-3).join(' | ')
    await until(() => (probe.acks.at(-1) ?? 0) > killedAt, () => `no append with ${leader} down (${failures()})`, 60_000)
    await cluster.restart(leader)
    await settled()
    await ledger.grows(30, 'after the leader came back')
    return { elected, follower, killedAt, leader }
  }

  /** What the processes left, before anything repairs: answers, capacity, acknowledged commands, rebuild. */
  const checkLedger = async (model: Awaited<ReturnType<typeof seedModel>>, results: StressResult[], childErrors: string[]) => {
    const runtime = ledgerServices.of(payload)
    const { store } = runtime
    const ops = results.flatMap((result) => result.ops)
    const snapshot = (await allReservations(payload)).filter((row) => model.resources.some(({ id }) => String(id) === String(row.resource)))
    expect(ops.filter((op) => !ALLOWED[op.kind].includes(op.status)), `answers no operation may give; logged: ${childErrors.slice(0, 5).join(' | ')}`).toEqual([])
    // Shown with an overbooking: any revision two messages hold (the concurrency check let two appends through).
    const forks = await forkedRevisions(store)
    expect(await overbookings(store, model.resources), `capacity exceeded in the ledger; revisions held twice: ${JSON.stringify(forks)}`).toEqual([])
    expect(forks, 'revisions held twice').toEqual([])
    expect(collectionViolations(snapshot, model.resources, model.services, runtime.options.statusMachine.blockingStatuses)).toEqual([])
    const booked = results.flatMap((result) => result.booked)
    expect(await lostCommands(store, ops, booked, new Set(snapshot.map(({ id }) => id))), 'acknowledged but lost').toEqual([])
    expect(ops.filter((op) => op.kind === 'move' && op.status === 200).length, 'moves must happen').toBeGreaterThan(0)
    const before = await allReservations(payload)
    await rebuildReservations(payload, { collection: 'reservations', projector: runtime.projector, store })
    expect(await allReservations(payload), 'the collection equals a rebuild').toEqual(before)
  }

  it('books through a follower kill and a leader kill: nothing overbooked or lost, rebuild equal, catch-up once', async () => {
    const { store } = ledgerServices.of(payload)
    const model = await seedModel(payload)
    const nodes = await spawnProcesses(model)
    const startedAt = (await ledgerEvents(store)).at(-1)?.position
    const checkpoint = memoryCheckpoint(startedAt)
    const catchUp = recordingCatchUp(store, checkpoint)
    catchUp.start()
    const probe = startAppendProbe(store)
    const ledger = watchLedger(store, startedAt)
    nodes.forEach((node) => node.send('go'))
    const { elected, follower, killedAt, leader } = await failNodes(catchUp, ledger, probe).finally(() => ledger.stop())
    nodes.forEach((node) => node.send('stop'))
    const results: StressResult[] = await Promise.all(nodes.map((node) => node.result(120_000)))
    await Promise.all(nodes.map((node) => node.exited))
    await probe.stop()

    const unavailableMs = longestGap(probe.acks, killedAt)
    const ops = results.flatMap((result) => result.ops)
    const count = (k: StressOp['kind'], status: number) => ops.filter((op) => op.kind === k && op.status === status).length
    console.info(
      `jetstream cluster (${kind}): ${JSON.stringify({
        booked: count('book', 201), cancelled: count('cancel', 200), electedLeader: elected, killedFollower: follower, killedLeader: leader,
        leaderChangeUnavailableMs: unavailableMs, moved: count('move', 200), operations: ops.length,
        probeAppends: probe.acks.length, refused: count('book', 409) + count('move', 409),
      })}`,
    )
    await checkLedger(model, results, nodes.flatMap((node, n) => node.errors.map((error) => `process ${n}: ${error}`)))

    // Catch-up: every reservation event of the run handed over once, and the checkpoint at the end.
    const events = await ledgerEvents(store)
    expect(bookedButRefused(events, model.resources, results.flatMap((result) => result.booked)), 'booked in the ledger, answered with a refusal').toEqual([])
    await vi.waitFor(() => expect(checkpoint.position).toBe(events.at(-1)?.position), { interval: 250, timeout: 60_000 }).catch(() => undefined)
    await catchUp.stop()
    const ran = events.filter(({ position }) => startedAt === undefined || position > startedAt)
    expect(catchUp.delivered.length, 'reservation events handed over').toBeGreaterThan(0)
    expect(new Set(catchUp.delivered).size, 'each handed over once').toBe(catchUp.delivered.length)
    expect(catchUp.delivered, `catch-up failures: ${catchUp.errors.map(String).slice(0, 3).join(' | ')}`).toEqual(
      ran.filter(isReservationEvent).map(({ position }) => position),
    )
    expect(checkpoint.position).toBe(events.at(-1)?.position)
    expect(unavailableMs, 'the leader change is ridden out by the retries (about 30 s)').toBeLessThan(30_000)
  }, 240_000)
})
