import { jetstreamManager } from '@nats-io/jetstream'
import { connect } from '@nats-io/transport-node'
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'

import type { BusyIndex } from '../../../src/capacity/busy-index.js'
import type { EventStoreOption } from '../../../src/plugin/options.js'

import { capacityStream } from '../../../src/events/capacity-streams.js'
import { isWrongExpectedRevision } from '../../../src/events/store.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { NATS_URL, natsAvailable } from '../../support/nats.js'
import { recordStreamReads } from '../../support/stream-reads.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'
import { allReservations, auditClaims, ledgerViolations } from '../support/reliability-invariants.js'
import { spawnRemoteNode } from '../support/reliability-nodes.js'

const PASSWORD = 'jetstream-follow-password'
const DAY = '2031-06-02'
const at = (time: string) => `${DAY}T${time}:00.000Z`
const available = await natsAvailable()
/** The database only holds the documents here; one is enough. */
const kind = testDatabaseKinds().includes('postgres') ? 'postgres' : 'sqlite'

/**
 * On JetStream each process follows the claim streams from their end (a consumer of its own),
 * as PostgreSQL processes LISTEN to append notices: this test process and a spawned one share
 * the machine's NATS server. What another process books reaches this one's view without a read;
 * and where that news is lost or late, a decision made on the stale view is refused by its
 * append and made again at the head, with the same answer as a fresh view gives.
 */
describe.skipIf(!available)(`processes on one JetStream ledger follow each other's claims (${kind})`, () => {
  const stream = `reserve_follow_${randomUUID().replaceAll('-', '')}`
  const eventStore: EventStoreOption = { kind: 'jetstream', servers: NATS_URL, stream }
  const site = usePayloadOn(kind, { allowGuestBooking: true, eventStore })

  afterAll(async () => {
    const nc = await connect({ servers: NATS_URL })
    try {
      await (await jetstreamManager(nc)).streams.delete(stream)
    } catch {
      // Never created: the suite was skipped before booting.
    } finally {
      await nc.close()
    }
  })

  const setUp = async (label: string) => {
    const { payload } = site
    const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: label } })
    const resource = await payload.create({ collection: 'resources', data: { name: label, quantity: 1, services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    const email = `${label}-b@example.test`
    await payload.create({ collection: 'users', data: { email, password: PASSWORD, role: 'admin' } })
    const b = spawnRemoteNode({
      database: { kind, uri: site.database.uri },
      day: DAY,
      eventStore,
      resource: resource.id,
      service: service.id,
      staff: { email, password: PASSWORD },
    })
    await b.waitFor('ready')
    /** A guest booking through process B's REST route. */
    const bookInB = (time: string, name: string) =>
      b.ask({
        as: 'guest',
        body: { guest: { email: `${name}@example.test`, name }, resource: resource.id, service: service.id, startTime: at(time) },
        method: 'POST',
        path: '/api/reserve/book',
      })
    /** A guest booking through this process's Local API: its status, 201 when booked. */
    const bookHere = (time: string, name: string) =>
      payload
        .create({ collection: 'reservations', data: { guest: { email: `${name}@example.test`, name }, resource: resource.id, service: service.id, startTime: at(time) } as never })
        .then(
          () => 201,
          (error: { status?: number }) => error.status ?? 500,
        )
    const stopB = async () => {
      b.process.stdin!.end()
      await b.exited
    }
    /** Every booking of the resource, the ledger never over capacity, and every claim matching a booking. */
    const outcome = async () => {
      const runtime = ledgerServices.of(payload)
      const checked = [{ capacityMode: 'per-reservation' as const, id: resource.id, quantity: 1 }]
      const reservations = (await allReservations(payload)).filter((r) => String(r.resource) === String(resource.id))
      return {
        audit: await auditClaims(runtime.store, checked, reservations, runtime.options.statusMachine.blockingStatuses),
        booked: reservations.map((r) => r.startTime).sort(),
        violations: await ledgerViolations(runtime.store, checked),
      }
    }
    return { bookHere, bookInB, month: capacityStream(String(resource.id), DAY.slice(0, 7)), outcome, stopB }
  }

  /** Appends of this process that the store refused because a stream had moved. */
  const recordRefusals = () => {
    const { store } = ledgerServices.of(site.payload)
    const append = store.append.bind(store)
    const refused: string[] = []
    store.append = (request) =>
      append(request).catch((error: unknown) => {
        if (isWrongExpectedRevision(error)) {
          refused.push(request.stream)
        }
        throw error
      })
    return {
      refused,
      restore: () => {
        store.append = append
      },
    }
  }

  /** Replaces how this process's busy index takes in other processes' claims, until restored. */
  const interceptFollowing = (busy: BusyIndex, instead: (apply: () => void) => void): (() => void) => {
    const { advance, applyAnnounced } = busy
    busy.applyAnnounced = (events) => instead(() => applyAnnounced.call(busy, events))
    busy.advance = (name, revision) => {
      instead(() => void advance.call(busy, name, revision))
      return Promise.resolve()
    }
    return () => {
      Object.assign(busy, { advance, applyAnnounced })
    }
  }

  it("brings this process's view up to another process's booking within 200 ms, without reading the stream", async () => {
    const { bookInB, bookHere, month, stopB } = await setUp('Followed')
    const { busy, store } = ledgerServices.of(site.payload)
    try {
      // This process decides once on the month, so it holds a view of it.
      expect(await bookHere('10:00', 'X')).toBe(201)
      const before = busy.known(month)!.revision
      const { reads, restore } = recordStreamReads(store)
      try {
        expect((await bookInB('12:00', 'Y')).status).toBe(201)
        const answered = Date.now()
        while (busy.known(month)!.revision === before && Date.now() - answered < 200) {
          await new Promise((resolve) => setTimeout(resolve, 5))
        }
        const known = busy.known(month)!
        expect(known.revision).toBeGreaterThan(before)
        expect(known.state.index.overlapping(Date.parse(at('12:00')), Date.parse(at('13:00')))).toHaveLength(1)
        expect(reads).not.toContain(month.stream)
      } finally {
        restore()
      }
    } finally {
      await stopB()
    }
  }, 180_000)

  it('refuses a booking decided on a view whose news was lost with the same 409, and books nothing twice', async () => {
    const { bookInB, bookHere, outcome, stopB } = await setUp('Lost')
    const { busy } = ledgerServices.of(site.payload)
    const refusals = recordRefusals()
    let restoreFollowing: (() => void) | undefined
    try {
      expect(await bookHere('10:00', 'X')).toBe(201)
      // From here nothing B appends reaches this process's view.
      restoreFollowing = interceptFollowing(busy, () => undefined)
      expect((await bookInB('12:00', 'Y')).status).toBe(201)
      expect(await bookHere('12:00', 'Z')).toBe(409)
      // The decision was made on the stale view: its append was the first to learn otherwise.
      expect(refusals.refused.length).toBeGreaterThan(0)
    } finally {
      restoreFollowing?.()
      refusals.restore()
      await stopB()
    }
    expect(await outcome()).toEqual({ audit: { orphans: [], unclaimed: [] }, booked: [at('10:00'), at('12:00')], violations: [] })
  }, 180_000)

  it('gives the same answers when the news comes late', async () => {
    const { bookInB, bookHere, outcome, stopB } = await setUp('Late')
    const { busy } = ledgerServices.of(site.payload)
    const restoreFollowing = interceptFollowing(busy, (apply) => void setTimeout(apply, 500))
    try {
      expect(await bookHere('10:00', 'X')).toBe(201)
      expect((await bookInB('12:00', 'Y')).status).toBe(201)
      expect(await bookHere('12:00', 'Z')).toBe(409)
      expect(await bookHere('14:00', 'W')).toBe(201)
      // The late news arrives after this process has read past it: applying it changes nothing.
      await new Promise((resolve) => setTimeout(resolve, 600))
      expect(await bookHere('14:00', 'V')).toBe(409)
      expect((await bookInB('14:00', 'U')).status).toBe(409)
    } finally {
      restoreFollowing()
      await stopB()
    }
    expect(await outcome()).toEqual({ audit: { orphans: [], unclaimed: [] }, booked: [at('10:00'), at('12:00'), at('14:00')], violations: [] })
  }, 180_000)
})
