import { getTableName, sql, type Table } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { sqlEvents } from '../../../src/events/adapters/payload-sql.js'
import { appendChannel } from '../../../src/events/adapters/payload-sql/append-notices.js'
import { capacityStream } from '../../../src/events/capacity-streams.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { recordStreamReads } from '../../support/stream-reads.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'
import { allReservations, auditClaims, ledgerViolations } from '../support/reliability-invariants.js'
import { spawnRemoteNode } from '../support/reliability-nodes.js'

const PASSWORD = 'append-notices-password'
const DAY = '2031-06-02'
const at = (time: string) => `${DAY}T${time}:00.000Z`

/** PostgreSQL announces appends (NOTIFY); SQLite reads the head per query and has nothing to test here. */
const kinds = testDatabaseKinds().filter((kind) => kind === 'postgres')

describe.each(kinds)('appends announced to other processes (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })

  const setUp = async (label: string) => {
    const { payload } = site
    const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: label } })
    const resource = await payload.create({ collection: 'resources', data: { name: label, quantity: 1, services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    const spawn = async (name: string) => {
      const email = `${label}-${name}@example.test`
      await payload.create({ collection: 'users', data: { email, password: PASSWORD, role: 'admin' } })
      return spawnRemoteNode({ database: { kind, uri: site.database.uri }, day: DAY, resource: resource.id, service: service.id, staff: { email, password: PASSWORD } })
    }
    type Node = Awaited<ReturnType<typeof spawn>>
    const book = (node: Node, time: string, name: string) =>
      node.ask({
        as: 'guest',
        body: { guest: { email: `${name}@example.test`, name }, resource: resource.id, service: service.id, startTime: at(time) },
        method: 'POST',
        path: '/api/reserve/book',
      })
    const stop = async (...nodes: Node[]) => {
      for (const node of nodes) {
        node.process.stdin!.end()
      }
      await Promise.all(nodes.map((node) => node.exited))
    }
    return { book, resource, service, spawn, stop }
  }

  it("brings this process's view of a resource up to another process's booking within 200 ms, without reading the stream", async () => {
    const { book, resource, spawn, stop } = await setUp('Notified')
    const runtime = ledgerServices.of(site.payload)
    const month = capacityStream(String(resource.id), DAY.slice(0, 7))
    // This process reads the month once (as a slots query does) and then only listens.
    await runtime.busy.window(String(resource.id), Date.parse(at('00:00')), Date.parse(at('23:00')))
    const before = runtime.busy.known(month)!.revision
    const b = await spawn('b')
    // The notice carries the claim: this process reads nothing to apply it.
    const { reads, restore } = recordStreamReads(runtime.store)
    try {
      await b.waitFor('ready')
      expect((await book(b, '12:00', 'Y')).status).toBe(201)
      const answered = Date.now()
      while (runtime.busy.known(month)!.revision === before && Date.now() - answered < 200) {
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      const known = runtime.busy.known(month)!
      expect(known.revision).toBeGreaterThan(before)
      expect(known.state.index.overlapping(Date.parse(at('12:00')), Date.parse(at('13:00'))).length).toBe(1)
      expect(reads).not.toContain(month.stream)
    } finally {
      restore()
      await stop(b)
    }
  }, 180_000)

  it('refuses a booking decided on a view no notice refreshed with the 409 as before, and books nothing twice', async () => {
    const { book, resource, spawn, stop } = await setUp('Unnotified')
    const [a, b] = [await spawn('a'), await spawn('b')]
    try {
      await Promise.all([a.waitFor('ready'), b.waitFor('ready')])
      // A decides once, so it holds a view of the month it would otherwise keep fresh by notices.
      expect((await book(a, '10:00', 'X')).status).toBe(201)
      // From here no append is announced: A's view stays at its own booking.
      const source = sqlEvents(site.payload.db, ledgerServices.of(site.payload).options.slugs.events)
      if (source?.dialect !== 'postgres') {
        throw new Error('expected the ledger in PostgreSQL')
      }
      const trigger = `${appendChannel(source.table)}_notify`
      await source.db.execute(sql.raw(`DROP TRIGGER "${trigger}" ON "${getTableName(source.table as unknown as Table)}"`))
      expect((await book(b, '12:00', 'Y')).status).toBe(201)
      const refused = await book(a, '12:00', 'Z')
      expect(refused.status).toBe(409)
    } finally {
      await stop(a, b)
    }
    const runtime = ledgerServices.of(site.payload)
    const checked = [{ capacityMode: 'per-reservation' as const, id: resource.id, quantity: 1 }]
    const reservations = (await allReservations(site.payload)).filter((r) => String(r.resource) === String(resource.id))
    expect(reservations.map((r) => r.startTime).sort()).toEqual([at('10:00'), at('12:00')])
    expect(await ledgerViolations(runtime.store, checked)).toEqual([])
    expect(await auditClaims(runtime.store, checked, reservations, runtime.options.statusMachine.blockingStatuses)).toEqual({ orphans: [], unclaimed: [] })
  }, 180_000)
})
