import type { CollectionBeforeChangeHook, Field, Payload } from 'payload'

import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ReserveLedgerOptions } from '../../../src/plugin/options.js'

import { foldReservation } from '../../../src/commands/reservation-state.js'
import { adoptReservations } from '../../../src/plugin/features/adopt/adopt-reservations.js'
import { restoreLedger } from '../../../src/plugin/restore-ledger.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { rebuildReservations } from '../../../src/projections/rebuild.js'
import { reserveLedgerPlugin } from '../../../src/index.js'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { graphqlRequest, login, startPayload, stopPayload } from '../../helpers/payload.js'
import { exportedLedger } from '../../support/exported-ledger.js'
import { getJson, postJson, sendJson } from '../../support/http.js'
import { ALWAYS_OPEN, errorPaths } from '../support/plugin-http.js'

/** A restaurant's own reservation fields, of every kind a site adds, as payload-reserve's `extraReservationFields` were. */
const RESTAURANT_FIELDS: Field[] = [
  { name: 'partySize', type: 'number', min: 1, required: true },
  { name: 'occasion', type: 'select', options: ['birthday', 'business', 'date'] },
  { name: 'highChair', type: 'checkbox' },
  // The site's field hook: table codes are kept in capitals.
  { name: 'tableCode', type: 'text', hooks: { beforeChange: [({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value)] } },
  { name: 'arrival', type: 'date' },
  { name: 'host', type: 'relationship', relationTo: 'users' },
  { name: 'contact', type: 'group', fields: [{ name: 'phone', type: 'text' }, { name: 'callBack', type: 'checkbox' }] },
  { name: 'courses', type: 'array', fields: [{ name: 'dish', type: 'text' }, { name: 'quantity', type: 'number' }] },
  { name: 'welcome', type: 'text', localized: true },
]

/** The site's collection hook: "bday" is what the front desk types for a birthday. */
const occasionAlias: CollectionBeforeChangeHook = ({ data }) => (data.occasion === 'bday' ? { ...data, occasion: 'birthday' } : data)

const OPTIONS: ReserveLedgerOptions = {
  allowGuestBooking: true,
  catchUp: { graceMs: 300, intervalMs: 60_000 },
  collectionOverrides: {
    reservations: { fields: ({ defaultFields }) => [...defaultFields, ...RESTAURANT_FIELDS], hooks: { beforeChange: [occasionAlias] } },
  },
  userCollection: 'users',
}

const startSite = (database: TestDatabase) =>
  startPayload({
    config: { localization: { defaultLocale: 'en', locales: ['en', 'de'] } },
    database,
    plugins: [reserveLedgerPlugin(OPTIONS)],
  })

/** The same records on every instance, in the same order, so their ids match. */
const seed = async (payload: Payload) => {
  const admin = await payload.create({ collection: 'users', data: { email: 'admin@bistro.test', password: 'admin-pass', role: 'admin' } })
  const waiter = await payload.create({ collection: 'users', data: { email: 'waiter@bistro.test', password: 'waiter-pass', role: 'staff' } })
  const diner = await payload.create({ collection: 'users', data: { email: 'diner@bistro.test', password: 'diner-pass', role: 'customer' } })
  const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 90, name: 'Dinner' } })
  const resource = await payload.create({ collection: 'resources', data: { name: 'Dining room', quantity: 50, services: [service.id] } })
  await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
  return { admin: admin.id, diner: diner.id, resource: resource.id, service: service.id, waiter: waiter.id }
}

type Ids = Awaited<ReturnType<typeof seed>>

const SENT = {
  arrival: '2031-06-02T18:30:00Z',
  contact: { callBack: true, phone: '+49 30 1234' },
  courses: [
    { dish: 'Soup', quantity: 2 },
    { dish: 'Cake', quantity: 1 },
  ],
  highChair: true,
  occasion: 'bday',
  partySize: 6,
  tableCode: '  t12 ',
  welcome: 'Welcome back!',
}

/** What a booking sent as SENT reads back as: the hooks' output, the date as stored, rows with ids. */
const STORED = {
  arrival: '2031-06-02T18:30:00.000Z',
  contact: { callBack: true, phone: '+49 30 1234' },
  courses: [
    { dish: 'Soup', id: expect.any(String), quantity: 2 },
    { dish: 'Cake', id: expect.any(String), quantity: 1 },
  ],
  highChair: true,
  occasion: 'birthday',
  partySize: 6,
  tableCode: 'T12',
  welcome: 'Welcome back!',
}

const SITE_NAMES = Object.keys(SENT).concat('host')
const siteValues = (doc: Record<string, unknown>) => Object.fromEntries(SITE_NAMES.map((name) => [name, doc[name] ?? null]))

describe.each(testDatabaseKinds())("a site's own reservation fields reach the ledger (%s)", (kind) => {
  let database: TestDatabase
  let payload: Payload
  let ids: Ids
  let token: string
  let slot = 0

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    payload = await startSite(database)
    ids = await seed(payload)
    token = await login(payload, { email: 'admin@bistro.test', password: 'admin-pass' })
  })

  afterAll(async () => {
    if (payload) {
      await stopPayload(payload)
    }
    await database?.drop()
  })

  /** A booking of its own: the next free evening. */
  const booking = () => ({ resource: ids.resource, service: ids.service, startTime: new Date(Date.UTC(2031, 5, 2 + slot++, 18)).toISOString() })
  const eventCount = async () => (await ledgerServices.of(payload).store.readAll({ limit: 100_000 })).length
  const history = (id: string) => ledgerServices.of(payload).ledger.history(id)
  const read = (id: number | string, locale = 'en') => payload.findByID({ collection: 'reservations', depth: 0, id, locale: locale as 'en' })

  const gqlCreate = async (data: Record<string, unknown>) => {
    const response = await graphqlRequest(
      payload,
      JSON.stringify({ query: 'mutation ($data: mutationReservationInput!) { createReservation(data: $data) { id } }', variables: { data } }),
      { Authorization: `JWT ${token}` },
    )
    const body = await response.json()
    expect(body.errors).toBeUndefined()
    return String(body.data.createReservation.id)
  }

  const paths: Array<[string, (data: Record<string, unknown>) => Promise<string>]> = [
    ['REST create', async (data) => {
      const response = await postJson(payload, '/api/reservations', data, token)
      expect(response.status).toBe(201)
      return String(response.body.doc.id)
    }],
    ['/api/reserve/book', async (data) => {
      const response = await postJson(payload, '/api/reserve/book', data, token)
      expect(response.status).toBe(201)
      expect(response.body).toMatchObject({ partySize: 6, tableCode: 'T12' })
      return String(response.body.id)
    }],
    ['/api/reserve/book as a guest', async (data) => {
      const response = await postJson(payload, '/api/reserve/book', { ...data, guest: { email: 'ann@example.test', name: 'Ann' } })
      expect(response.status).toBe(201)
      return String(response.body.id)
    }],
    ['the Local API', async (data) => String((await payload.create({ collection: 'reservations', data: data as never })).id)],
    // GraphQL's select input is an enum of the options: no alias to send there.
    ['GraphQL', (data) => gqlCreate({ ...data, occasion: 'birthday' })],
  ]

  it.each(paths)('keeps every site field a booking through %s sends, as the hooks made it, in the document and the ledger', async (_path, create) => {
    const id = await create({ ...booking(), ...SENT, host: ids.waiter })
    expect(siteValues(await read(id))).toEqual({ ...STORED, host: ids.waiter })
    const [booked] = await history(id)
    expect(booked.type).toBe('ReservationBooked')
    expect((booked.data as { fields?: unknown }).fields).toEqual({
      ...STORED,
      courses: STORED.courses,
      host: ids.waiter,
      // A localized field by locale, as the database stores it.
      welcome: { en: 'Welcome back!' },
    })
  })

  it('refuses a booking without a required site field with a 400 on the field, on every route, and appends nothing', async () => {
    const before = await eventCount()
    const { partySize: _missing, ...withoutPartySize } = SENT
    for (const route of ['/api/reservations', '/api/reserve/book']) {
      const response = await postJson(payload, route, { ...booking(), ...withoutPartySize }, token)
      expect({ route, status: response.status }).toEqual({ route, status: 400 })
      expect(errorPaths(response.body)).toEqual(['partySize'])
    }
    await expect(payload.create({ collection: 'reservations', data: { ...booking(), ...withoutPartySize } as never })).rejects.toThrow(/partySize|Party Size/)
    expect(await eventCount()).toBe(before)
  })

  it('records a PATCH of a site field alone as one event, history tells old → new, and a PATCH that changes nothing appends nothing', async () => {
    const id = await paths[0][1]({ ...booking(), ...SENT })
    const afterBooking = await eventCount()
    const patch = (body: Record<string, unknown>, query = '') => sendJson(payload, 'PATCH', `/api/reservations/${id}${query}`, body, token)

    const changed = await patch({ partySize: 8, tableCode: ' t7' })
    expect(changed.status).toBe(200)
    expect(changed.body.doc).toMatchObject({ partySize: 8, tableCode: 'T7' })
    expect(await eventCount()).toBe(afterBooking + 1)
    const last = (await history(id)).at(-1)!
    expect(last).toMatchObject({
      data: { changes: { fields: { partySize: 8, tableCode: 'T7' } }, previous: { fields: { partySize: 6, tableCode: 'T12' } } },
      type: 'ReservationDetailsUpdated',
    })
    expect(last.data).not.toHaveProperty('changes.notes')

    const trail = await getJson(payload, `/api/reserve/history?reservationId=${id}`, token)
    expect(trail.status).toBe(200)
    expect(trail.body.events.at(-1).changes).toEqual([
      { field: 'partySize', from: 6, to: 8 },
      { field: 'tableCode', from: 'T12', to: 'T7' },
    ])

    // The same values again, and the document as it is: nothing to record.
    expect((await patch({ partySize: 8, tableCode: 'T7' })).status).toBe(200)
    expect((await patch({ ...siteValues(await read(id)) })).status).toBe(200)
    expect(await eventCount()).toBe(afterBooking + 1)

    // A group, rows and a plugin field in one change; another locale's text beside the first.
    const more = await patch({ contact: { callBack: false, phone: '+49 30 999' }, courses: [{ dish: 'Fish', quantity: 3 }], notes: 'Window table' })
    expect(more.status).toBe(200)
    const german = await patch({ welcome: 'Willkommen zurück!' }, '?locale=de')
    expect(german.status).toBe(200)
    expect(await eventCount()).toBe(afterBooking + 3)
    const [moreEvent, germanEvent] = (await history(id)).slice(-2)
    expect(moreEvent.data).toMatchObject({ changes: { fields: { contact: { callBack: false, phone: '+49 30 999' } }, notes: 'Window table' } })
    expect(germanEvent.data).toMatchObject({ changes: { fields: { welcome: { de: 'Willkommen zurück!', en: 'Welcome back!' } } } })
    expect((await read(id, 'de')).welcome).toBe('Willkommen zurück!')
    expect(siteValues(await read(id))).toMatchObject({ contact: { callBack: false, phone: '+49 30 999' }, courses: [{ dish: 'Fish', quantity: 3 }], welcome: 'Welcome back!' })
  })

  it("keeps the site's fields out of a customer's own history: their read access is the site's", async () => {
    const id = await paths[3][1]({ ...booking(), ...SENT, customer: ids.diner })
    expect((await sendJson(payload, 'PATCH', `/api/reservations/${id}`, { partySize: 7 }, token)).status).toBe(200)
    const own = await getJson(payload, `/api/reserve/history?reservationId=${id}`, await login(payload, { email: 'diner@bistro.test', password: 'diner-pass' }))
    expect(own.status).toBe(200)
    expect(own.body.events.map(({ type }: { type: string }) => type)).toEqual(['ReservationBooked'])
    expect(JSON.stringify(own.body)).not.toMatch(/partySize|tableCode|"fields"/)
    const staff = await getJson(payload, `/api/reserve/history?reservationId=${id}`, token)
    expect(staff.body.events.at(-1).changes).toEqual([{ field: 'partySize', from: 6, to: 7 }])
  })

  it('refuses clearing a required site field with a 400 and appends nothing', async () => {
    const id = await paths[3][1]({ ...booking(), ...SENT })
    const before = await eventCount()
    const response = await sendJson(payload, 'PATCH', `/api/reservations/${id}`, { partySize: null }, token)
    expect(response.status).toBe(400)
    expect(errorPaths(response.body)).toEqual(['partySize'])
    expect(await eventCount()).toBe(before)
    expect((await read(id)).partySize).toBe(6)
  })

  it('answers concurrent changes of a site field each with 200, and the document ends as the ledger folds', async () => {
    const id = await paths[3][1]({ ...booking(), ...SENT })
    const results = await Promise.all(
      [3, 4, 5, 6, 7, 8].map((partySize) => sendJson(payload, 'PATCH', `/api/reservations/${id}`, { partySize, welcome: `Table for ${partySize}` }, token)),
    )
    // None of them conflicts with another: each is a change of its own, saved in turn.
    expect(results.map(({ body, status }) => (status === 200 ? status : JSON.stringify(body)))).toEqual([200, 200, 200, 200, 200, 200])
    const state = foldReservation(await history(id))
    expect(state.kind === 'active' && state.reservation.fields?.partySize).toBe((await read(id)).partySize)
  })

  it('refuses site fields on a recurring booking with a 400 naming them, rather than dropping them', async () => {
    const response = await postJson(payload, '/api/reserve/book', { ...booking(), ...SENT, recurrence: { count: 2, frequency: 'weekly' } }, token)
    expect(response.status).toBe(400)
    expect(errorPaths(response.body)).toEqual(expect.arrayContaining(['partySize', 'tableCode']))
  })

  const everything = async (on: Payload) =>
    (await on.find({ collection: 'reservations', depth: 0, limit: 0, locale: 'all', pagination: false, sort: 'startTime' })).docs.map(
      ({ ledgerHooksRevision: _checkpoint, ...doc }) => doc,
    )

  it('rebuilds every site field from the ledger', async () => {
    const before = await everything(payload)
    expect(before.length).toBeGreaterThan(5)
    // Documents that lost their site fields (as the dropped values once were).
    await payload.db.updateMany({ collection: 'reservations', data: { highChair: false, partySize: 99, tableCode: 'LOST' }, where: { id: { exists: true } } })
    const runtime = ledgerServices.of(payload)
    await rebuildReservations(payload, { collection: 'reservations', holds: runtime.holds, projector: runtime.projector, store: runtime.store })
    expect(await everything(payload)).toEqual(before)
  })

  it('exports and imports every site field and its history unchanged', async () => {
    const target = await createTestDatabase(kind)
    const copy = await startSite(target)
    try {
      await seed(copy)
      const text = await exportedLedger(payload)
      await restoreLedger(copy, ledgerServices, () => Readable.from([text]))
      expect(await everything(copy)).toEqual(await everything(payload))
      const some = String((await everything(payload))[0].id)
      const trail = async (on: Payload, jwt: string) => (await getJson(on, `/api/reserve/history?reservationId=${some}`, jwt)).body
      expect(await trail(copy, await login(copy, { email: 'admin@bistro.test', password: 'admin-pass' }))).toEqual(await trail(payload, token))
    } finally {
      await stopPayload(copy)
      await target.drop()
    }
  })

  it("shows the site's fields as they were in the view as of a past instant", async () => {
    const id = await paths[3][1]({ ...booking(), ...SENT })
    const doc = await read(id)
    const at = new Date().toISOString()
    await new Promise((resolve) => setTimeout(resolve, 20))
    await sendJson(payload, 'PATCH', `/api/reservations/${id}`, { partySize: 2 }, token)
    const start = doc.startTime as string
    const query = new URLSearchParams({ at, end: new Date(Date.parse(start) + 3_600_000).toISOString(), resource: String(ids.resource), start })
    const asOf = await getJson(payload, `/api/reserve/as-of?${query}`, token)
    expect(asOf.status).toBe(200)
    expect(asOf.body.reservations.find((reservation: { id: string }) => reservation.id === id).fields).toMatchObject({ partySize: 6, tableCode: 'T12' })
  })

  it("adopts a document from before its ledger with its own fields' values", async () => {
    const id = '01900000-0000-7000-8000-0000000000a1'
    const { startTime, ...where } = booking()
    const endTime = new Date(Date.parse(startTime) + 90 * 60_000).toISOString()
    const stamp = '2030-01-01T00:00:00.000Z'
    const own = { contact: { callBack: false, phone: '+49 40 5555' }, courses: [{ dish: 'Tea', id: 'row-tea', quantity: 1 }], partySize: 3, tableCode: 'A1', welcome: { en: 'Hello' } }
    // A copy: the adapter marks the groups it writes.
    await payload.db.create({ collection: 'reservations', data: { ...where, ...structuredClone(own), createdAt: stamp, endTime, id, startTime, status: 'confirmed', updatedAt: stamp } })
    await adoptReservations(payload, ledgerServices)
    const [adopted] = await history(id)
    expect(adopted).toMatchObject({ data: { fields: own }, type: 'ReservationAdopted' })
    const runtime = ledgerServices.of(payload)
    await payload.db.updateOne({ collection: 'reservations', data: { partySize: 99 }, id })
    await rebuildReservations(payload, { collection: 'reservations', holds: runtime.holds, projector: runtime.projector, store: runtime.store })
    expect(siteValues(await read(id))).toMatchObject({ ...own, welcome: 'Hello' })
  })
})
