import type { CollectionSlug, Payload } from 'payload'

import { createReadStream, createWriteStream } from 'node:fs'
import { readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { EventStore } from '../../../src/events/store.js'
import type { RestoreProgress } from '../../../src/plugin/restore-ledger.js'

import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { exportLedger } from '../../../src/ledger-io/export.js'
import { LedgerImportError } from '../../../src/ledger-io/errors.js'
import { restoreLedger } from '../../../src/plugin/restore-ledger.js'
import { CHECKPOINTS_COLLECTION } from '../../../src/plugin/ledger-checkpoints-collection.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { createTestDatabase, type TestDatabase, type TestDatabaseKind, testDatabaseKinds } from '../../helpers/databases.js'
import { stopPayload } from '../../helpers/payload.js'
import { startReservePayload } from '../../support/reserve-payload.js'

type StoreKind = 'memory' | TestDatabaseKind

interface Site {
  database: TestDatabase
  /** Calls of the host's afterBookingCreate and afterStatusChange hooks. */
  hooks: { booked: number; changed: number }
  payload: Payload
  store: EventStore
}

const kinds = testDatabaseKinds()
// Each store hands its ledger to the next: memory → sqlite → postgres → memory (as available).
const stores: StoreKind[] = ['memory', ...kinds]
const pairs = stores.map((from, index) => [from, stores[(index + 1) % stores.length]] as const)

/** A Payload site whose ledger is in `kind`; a memory ledger lives beside the first database kind. */
const startSite = async (kind: StoreKind): Promise<Site> => {
  const database = await createTestDatabase(kind === 'memory' ? kinds[0] : kind)
  const hooks = { booked: 0, changed: 0 }
  const payload = await startReservePayload(database, {
    allowGuestBooking: true,
    ...(kind === 'memory' && { eventStore: () => createMemoryEventStore() }),
    hooks: {
      afterBookingCreate: [() => void hooks.booked++],
      afterStatusChange: [() => void hooks.changed++],
    },
  })
  return { database, hooks, payload, store: ledgerServices.of(payload).store }
}

/** The same reference data on every site, created in one order so that SQL ids agree too. */
const seedReferenceData = async (payload: Payload) => {
  const customer = await payload.create({
    collection: 'users',
    data: { email: 'customer@example.test', password: 'secret-pass-1', role: 'customer' },
  })
  const pool = await payload.create({ collection: 'resources', data: { name: 'Pool', quantity: 2 } })
  const chair = await payload.create({ collection: 'resources', data: { name: 'Chair', quantity: 1 } })
  const consultation = await payload.create({ collection: 'services', data: { duration: 60, name: 'Consultation' } })
  const treatment = await payload.create({
    collection: 'services',
    data: { duration: 30, name: 'Treatment', requiredResources: [pool.id] },
  })
  await payload.update({ collection: 'resources', data: { services: [consultation.id, treatment.id] }, id: chair.id })
  return { chair, consultation, customer, treatment }
}

/** Bookings and the changes a site's ledger goes through. */
const makeHistory = async (payload: Payload) => {
  const { chair, consultation, customer, treatment } = await seedReferenceData(payload)
  const book = (data: Record<string, unknown>) =>
    payload.create({ collection: 'reservations', data: { resource: chair.id, service: consultation.id, ...data } })
  const confirmed = await book({ customer: customer.id, startTime: '2031-02-03T09:00:00.000Z' })
  const guest = await book({ guest: { email: 'g@example.test', name: 'Guest' }, startTime: '2031-02-03T10:00:00.000Z' })
  const keyed = await book({ idempotencyKey: 'order-17', startTime: '2031-02-03T11:00:00.000Z' })
  const pooled = await book({ service: treatment.id, startTime: '2031-02-03T13:00:00.000Z' })
  const removed = await book({ startTime: '2031-02-03T15:00:00.000Z' })

  const update = (id: number | string, data: Record<string, unknown>, reason?: string) =>
    payload.update({ collection: 'reservations', context: reason ? { reason } : {}, data, id })
  await update(confirmed.id, { status: 'confirmed' }, 'confirmed by phone')
  await update(guest.id, { status: 'cancelled' })
  await update(keyed.id, { startTime: '2031-02-04T08:30:00.000Z' })
  await update(pooled.id, { notes: 'needs the quiet room' })
  await payload.delete({ collection: 'reservations', id: removed.id })
  return { chair, consultation, occupied: '2031-02-03T09:00:00.000Z' }
}

const reservations = async (payload: Payload) => {
  const { docs } = await payload.db.find<Record<string, unknown>>({
    collection: 'reservations',
    limit: 0,
    pagination: false,
    sort: 'id',
  })
  // Array rows get fresh ids from each database; everything else must be identical.
  return docs.map(({ items, ...doc }) => ({
    ...doc,
    items: (items as Array<Record<string, unknown>>).map(({ id: _rowId, ...item }) => item),
  }))
}

/** The ledger as a file carries it: everything but the ids, positions and times a store assigns. */
const ledgerContents = async (store: EventStore) =>
  (await store.readAll({ limit: 100_000 })).map(({ data, metadata, revision, stream, type }) => ({
    data,
    metadata,
    revision,
    stream,
    type,
  }))

describe.each(pairs)('ledger export from %s and import into %s', (from, to) => {
  let source: Site
  let target: Site
  let file: string

  beforeAll(async () => {
    source = await startSite(from)
    target = await startSite(to)
    file = path.join(os.tmpdir(), `reserve-ledger-${randomUUID()}.ndjson`)
  })

  afterAll(async () => {
    for (const site of [source, target]) {
      await stopPayload(site.payload)
      await site.database.drop()
    }
    await rm(file, { force: true })
  })

  let history: Awaited<ReturnType<typeof makeHistory>>

  const exportTo = async (into: string) => {
    const output = createWriteStream(into)
    const exported = await exportLedger(source.store, output)
    output.end()
    await finished(output)
    return exported
  }

  it('refuses a file changed since its export, naming the first break, before writing anything', async () => {
    history = await makeHistory(source.payload)
    await exportTo(file)
    const lines = (await readFile(file, 'utf8')).split('\n')
    const booked = lines.findIndex((line) => line.includes('"type":"ReservationBooked"'))
    const event = JSON.parse(lines[booked]) as { data: { notes?: string }; revision: number; stream: string }
    event.data.notes = 'added later'
    lines[booked] = JSON.stringify(event)
    const changed = `${file}.changed`
    await writeFile(changed, lines.join('\n'))
    try {
      await expect(restoreLedger(target.payload, ledgerServices, () => createReadStream(changed))).rejects.toThrow(
        `first ${event.stream} at revision ${event.revision}: the event was changed after it was written`,
      )
    } finally {
      await rm(changed, { force: true })
    }
    expect(await ledgerContents(target.store)).toEqual([])
  })

  it('restores the ledger and rebuilds identical reservations, without re-running the host hooks', async () => {
    const { chair, consultation, occupied } = history
    await seedReferenceData(target.payload)
    expect(source.hooks.booked).toBe(5)
    expect(source.hooks.changed).toBe(2)

    const exported = await exportTo(file)
    const progress: RestoreProgress[] = []
    const result = await restoreLedger(target.payload, ledgerServices, () => createReadStream(file), (step) => progress.push(step))

    expect(result.imported).toEqual(exported)
    expect(progress.map(({ phase }) => phase)).toEqual(['check', 'import', 'rebuild', 'rebuild'])
    // Every event's hash chain came along: the target's hashes are the source's.
    expect(await ledgerContents(target.store)).toEqual(await ledgerContents(source.store))
    expect((await target.store.readAll({ limit: 1 }))[0].metadata.hash).toMatch(/^[0-9a-f]{64}$/)
    const restored = await reservations(target.payload)
    expect(restored).toHaveLength(4)
    expect(restored).toEqual(await reservations(source.payload))

    // Catch-up resumes after the imported events, not from the start of the ledger.
    const events = await target.store.readAll({ limit: 1_000 })
    const checkpoint = await target.payload.db.findOne({
      collection: CHECKPOINTS_COLLECTION as CollectionSlug,
      where: { name: { equals: 'reservations' } },
    })
    expect(checkpoint).toMatchObject({ position: events[events.length - 1].position })

    // Catch-up after the import finds every hook delivered, as the source had.
    await ledgerServices.of(target.payload).catchUp.run()
    expect(target.hooks).toEqual({ booked: 0, changed: 0 })

    // The imported claims hold: the chair is taken at the confirmed reservation's time.
    await expect(
      target.payload.create({
        collection: 'reservations',
        data: { resource: chair.id, service: consultation.id, startTime: occupied },
      }),
    ).rejects.toMatchObject({ status: 409 })
  })

  it('refuses to import into a ledger that is no longer empty', async () => {
    const before = await ledgerContents(target.store)
    await expect(restoreLedger(target.payload, ledgerServices, () => createReadStream(file))).rejects.toThrow(LedgerImportError)
    expect(await ledgerContents(target.store)).toEqual(before)
  })
})
