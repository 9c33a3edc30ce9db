import type { Payload } from 'payload'

import { Readable, Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { AfterWaitlistOfferHook } from '../../../src/plugin/options.js'

import { holdTokenDigest } from '../../../src/commands/hold-rules.js'
import { exportLedger } from '../../../src/ledger-io/export.js'
import { LEDGER_FORMAT_VERSION } from '../../../src/ledger-io/format.js'
import { RESERVE_QUEUE } from '../../../src/plugin/shared/reserve-queue.js'
import { restoreLedger } from '../../../src/plugin/restore-ledger.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { WAITLIST_COLLECTION } from '../../../src/plugin/features/waitlist/waitlist-collections.js'
import { rebuildReservations } from '../../../src/projections/rebuild.js'
import { createTestDatabase, existingTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { login, stopPayload } from '../../helpers/payload.js'
import { getJson, postJson, sendJson, withQuery } from '../../support/http.js'
import { claimsOf } from '../../support/month-streams.js'
import { startReservePayload } from '../../support/reserve-payload.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN, errorPaths } from '../support/plugin-http.js'

type Id = number | string
type Offer = Parameters<AfterWaitlistOfferHook>[0]

const PASSWORD = 'pw-123456'
const MINUTE = 60_000

/** A start on the grid of a day far ahead: `2031-04-<day>T<hour>:00Z`. */
const at = (day: number, hour: number) => `2031-04-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`

const rowsOf = async (payload: Payload) => {
  const { docs } = await payload.db.find<Record<string, unknown>>({ collection: WAITLIST_COLLECTION as 'users', limit: 0, pagination: false, sort: 'entryId' })
  return docs.map(({ entryId, from, guestCount, holdId, joinedAt, offerExpiresAt, offeredStart, resource, service, status, to }) => ({
    entryId,
    from,
    guestCount,
    holdId,
    joinedAt,
    offerExpiresAt,
    offeredStart,
    resource,
    service,
    status,
    to,
  }))
}

const statusOf = async (payload: Payload, entryId: string) => (await ledgerServices.of(payload).waitlist.load(entryId)).state.kind

/** The site every suite below builds: one room (capacity 1) open around the clock, customers and staff. */
const seed = async (payload: Payload) => {
  const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Massage', slotInterval: 60 } })
  const other = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Facial', slotInterval: 60 } })
  const closed = await payload.create({ collection: 'services', data: { active: false, duration: 60, name: 'Retired' } })
  const room = await payload.create({ collection: 'resources', data: { name: 'Room 1', quantity: 1, services: [service.id, other.id] } })
  const spare = await payload.create({ collection: 'resources', data: { name: 'Room 2', quantity: 1, services: [service.id] } })
  for (const resource of [room, spare]) {
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
  }
  const tokens: Record<string, string> = {}
  const users: Record<string, Id> = {}
  for (const [name, role] of [['ann', 'customer'], ['ben', 'customer'], ['admin', 'admin']] as const) {
    users[name] = (await payload.create({ collection: 'users', data: { email: `${name}@waitlist.test`, password: PASSWORD, role } })).id
    tokens[name] = await login(payload, { email: `${name}@waitlist.test`, password: PASSWORD })
  }
  return { closed: closed.id, other: other.id, room: room.id, service: service.id, spare: spare.id, tokens, users }
}

describe.each(testDatabaseKinds())('the waitlist (%s)', (kind) => {
  const offers: Offer[] = []
  const site = usePayloadOn(kind, {
    allowGuestBooking: true,
    hooks: { afterWaitlistOffer: [(offer) => void offers.push(offer)] },
  })
  let ids: Awaited<ReturnType<typeof seed>>

  beforeAll(async () => {
    ids = await seed(site.payload)
  })

  const join = (body: Record<string, unknown>, token?: string) => postJson(site.payload, '/api/reserve/waitlist', body, token)
  const book = (startTime: string, extra: Record<string, unknown> = {}) =>
    postJson(site.payload, '/api/reserve/book', { guest: { email: 'walk-in@waitlist.test', name: 'Walk In' }, resource: ids.room, service: ids.service, startTime, ...extra })
  const cancel = (reservationId: string) => postJson(site.payload, '/api/reserve/cancel', { reservationId }, ids.tokens.admin)
  const offersOf = (entryId: string) => offers.filter((offer) => offer.entry.entryId === entryId)

  it('a waitlisted customer is offered the slot within seconds of a cancel: a hold for them, and the hook with the hold and the contact', async () => {
    const taken = await book(at(2, 9))
    expect(taken.status).toBe(201)
    const slots = await getJson(site.payload, withQuery('/api/reserve/slots', { date: '2031-04-02', resource: String(ids.room), service: String(ids.service) }))
    expect(slots.body.slots.map(({ start }: { start: string }) => start)).not.toContain(at(2, 9))

    const joined = await join({ from: at(2, 9), resource: ids.room, service: ids.service, to: at(2, 10) }, ids.tokens.ann)
    expect(joined.status).toBe(201)
    expect(joined.body).toMatchObject({ from: at(2, 9), guestCount: 1, resource: ids.room, service: ids.service, status: 'waiting', to: at(2, 10) })
    expect(joined.body.token).toBeUndefined()
    const { entryId } = joined.body

    const cancelled = Date.now()
    expect((await cancel(taken.body.id)).status).toBe(200)
    await vi.waitFor(() => expect(offersOf(entryId)).toHaveLength(1), { interval: 50, timeout: 10_000 })
    // Within seconds (the in-process trigger, not the 60 s catch-up interval of this suite).
    expect(Date.now() - cancelled).toBeLessThan(10_000)
    const [offer] = offersOf(entryId)
    expect(offer.contact).toEqual({ customer: ids.users.ann, guest: null })
    expect(offer.hold).toMatchObject({ endTime: at(2, 10), resource: ids.room, service: ids.service, startTime: at(2, 9) })
    expect(offer.hold.holdToken).toBeUndefined()
    expect(Date.parse(offer.hold.expiresAt)).toBeGreaterThan(Date.now())
    expect(await statusOf(site.payload, entryId)).toBe('offered')

    // The slot is held for Ann: nobody else can take it, and she books it with the hold.
    expect((await book(at(2, 9))).status).toBe(409)
    const booking = await postJson(site.payload, '/api/reserve/book', { holdId: offer.hold.holdId }, ids.tokens.ann)
    expect(booking.status).toBe(201)
    expect(booking.body).toMatchObject({ customer: ids.users.ann, id: offer.hold.holdId, startTime: at(2, 9) })
    // Once: later passes announce nothing again.
    await ledgerServices.of(site.payload).waitlistOffers.sweep()
    expect(offersOf(entryId)).toHaveLength(1)
  })

  it('a guest is offered a hold they book with the hook\'s hold token; the waitlist token removes nothing else', async () => {
    const taken = await book(at(3, 9))
    const guest = { email: 'gia@waitlist.test', name: 'Gia', phone: '+15550100' }
    const joined = await join({ from: at(3, 8), guest, resource: 'any', service: ids.service, to: at(3, 11) })
    expect(joined.status).toBe(201)
    expect(typeof joined.body.token).toBe('string')
    expect(joined.body.resource).toBeNull()
    // Room 2 is free at 08:00: "any" resource fits there at once, so fill it first.
    const spareTaken = await Promise.all([8, 9, 10].map((hour) => book(at(3, hour), { resource: ids.spare })))
    expect(spareTaken.map(({ status }) => status)).toEqual([201, 201, 201])
    await Promise.all([8, 10].map((hour) => book(at(3, hour))))
    await ledgerServices.of(site.payload).waitlistOffers.sweep()
    expect(offersOf(joined.body.entryId)).toHaveLength(0)

    expect((await cancel(taken.body.id)).status).toBe(200)
    await vi.waitFor(() => expect(offersOf(joined.body.entryId)).toHaveLength(1), { interval: 50, timeout: 10_000 })
    const [offer] = offersOf(joined.body.entryId)
    expect(offer.contact).toEqual({ customer: null, guest })
    expect(offer.hold).toMatchObject({ resource: ids.room, startTime: at(3, 9) })
    expect(typeof offer.hold.holdToken).toBe('string')
    expect(offer.hold.holdToken).not.toBe(joined.body.token)
    // Without the hold token the hold is not theirs; with it, it books.
    expect((await postJson(site.payload, '/api/reserve/book', { holdId: offer.hold.holdId, holdToken: joined.body.token })).status).toBe(403)
    const booking = await postJson(site.payload, '/api/reserve/book', { holdId: offer.hold.holdId, holdToken: offer.hold.holdToken })
    expect(booking.status).toBe(201)
    expect(booking.body).toMatchObject({ guest, startTime: at(3, 9) })
    // Neither token nor its digest is readable back, even by staff.
    const events = await getJson(site.payload, '/api/reservation-events?depth=0&limit=1000', ids.tokens.admin)
    for (const token of [joined.body.token, offer.hold.holdToken]) {
      expect(JSON.stringify(events.body)).not.toContain(token)
      expect(JSON.stringify(events.body)).not.toContain(holdTokenDigest(token))
    }
  })

  it('the first waiting entry that fits is offered first (FIFO by join time); the next keeps waiting', async () => {
    const taken = await book(at(4, 9))
    const first = await join({ from: at(4, 9), resource: ids.room, service: ids.service, to: at(4, 10) }, ids.tokens.ben)
    const second = await join({ from: at(4, 9), resource: ids.room, service: ids.service, to: at(4, 10) }, ids.tokens.ann)
    expect([first.status, second.status]).toEqual([201, 201])
    expect((await cancel(taken.body.id)).status).toBe(200)
    await vi.waitFor(() => expect(offersOf(first.body.entryId)).toHaveLength(1), { interval: 50, timeout: 10_000 })
    await ledgerServices.of(site.payload).waitlistOffers.sweep()
    expect(offersOf(second.body.entryId)).toHaveLength(0)
    expect(await statusOf(site.payload, second.body.entryId)).toBe('waiting')
    expect(offersOf(first.body.entryId)[0].contact.customer).toBe(ids.users.ben)

    // Ben lets the hold go: the freed slot goes to the next in line.
    const released = await sendJson(site.payload, 'DELETE', `/api/reserve/holds/${offersOf(first.body.entryId)[0].hold.holdId}`, undefined, ids.tokens.ben)
    expect(released.status).toBe(200)
    await vi.waitFor(() => expect(offersOf(second.body.entryId)).toHaveLength(1), { interval: 50, timeout: 10_000 })
    expect(offersOf(second.body.entryId)[0].hold.startTime).toBe(at(4, 9))
  })

  it('freed capacity that does not match an entry offers nothing: another time, another resource, another service', async () => {
    await book(at(5, 9))
    const wanted = await join({ from: at(5, 9), resource: ids.room, service: ids.service, to: at(5, 10) }, ids.tokens.ann)
    const elsewhere = [await book(at(5, 14)), await book(at(5, 9), { resource: ids.spare }), await book(at(5, 11), { service: ids.other })]
    expect(elsewhere.map(({ status }) => status)).toEqual([201, 201, 201])
    for (const reservation of elsewhere) {
      expect((await cancel(reservation.body.id)).status).toBe(200)
    }
    await ledgerServices.of(site.payload).waitlistOffers.sweep()
    expect(offersOf(wanted.body.entryId)).toHaveLength(0)
    expect(await statusOf(site.payload, wanted.body.entryId)).toBe('waiting')
  })

  it('an entry expires at the end of its range (a ledger event), and is offered nothing after', async () => {
    const now = Date.now()
    const hour = (n: number) => new Date(Math.ceil(now / (60 * MINUTE)) * 60 * MINUTE + n * 60 * MINUTE).toISOString()
    const joined = await join({ from: hour(1), guest: { email: 'late@waitlist.test', name: 'Late' }, service: ids.service, to: hour(3) })
    expect(joined.status).toBe(201)
    const runtime = ledgerServices.of(site.payload)
    // Every resource is taken over the range, so the sweep before its end offers nothing.
    for (const resource of [ids.room, ids.spare]) {
      for (const start of [hour(1), hour(2)]) {
        await book(start, { resource })
      }
    }
    expect((await runtime.waitlistOffers.sweep(new Date(Date.parse(hour(3)) - 1))).expired).toBe(0)
    expect(await statusOf(site.payload, joined.body.entryId)).toBe('waiting')
    expect((await runtime.waitlistOffers.sweep(new Date(hour(3)))).expired).toBe(1)
    expect(await statusOf(site.payload, joined.body.entryId)).toBe('expired')
    const history = (await runtime.waitlist.load(joined.body.entryId)).events
    expect(history.map(({ type }) => type)).toEqual(['WaitlistJoined', 'WaitlistExpired'])
    expect(history[1].metadata).toMatchObject({ actor: { kind: 'system', name: 'waitlist-expiry' }, at: hour(3), reason: 'waitlist range ended' })
    expect((await rowsOf(site.payload)).find(({ entryId }) => entryId === joined.body.entryId)?.status).toBe('expired')
  })

  it('leaving: the joiner (or a guest with the token) and staff may; others get 403, staff 404 for an unknown id; an offered entry 409', async () => {
    const guest = await join({ from: at(6, 9), guest: { email: 'leaver@waitlist.test', name: 'Leaver' }, service: ids.service, to: at(6, 10) })
    const ann = await join({ from: at(6, 9), service: ids.service, to: at(6, 10) }, ids.tokens.ann)
    const leave = (entryId: string, token?: string, body?: unknown) => sendJson(site.payload, 'DELETE', `/api/reserve/waitlist/${entryId}`, body, token)

    expect(await leave(guest.body.entryId)).toEqual({ body: { message: 'Forbidden' }, status: 403 })
    expect(await leave(guest.body.entryId, undefined, { token: 'wrong' })).toEqual({ body: { message: 'Forbidden' }, status: 403 })
    expect(await leave(ann.body.entryId, ids.tokens.ben)).toEqual({ body: { message: 'Forbidden' }, status: 403 })
    expect(await leave('0190c0c0-0000-7000-8000-00000000beef')).toEqual({ body: { message: 'Forbidden' }, status: 403 })
    expect(await leave('0190c0c0-0000-7000-8000-00000000beef', ids.tokens.admin)).toEqual({ body: { message: 'Waitlist entry not found' }, status: 404 })
    expect(await leave(guest.body.entryId, undefined, { token: 7 })).toMatchObject({ status: 400 })

    expect(await leave(guest.body.entryId, undefined, { token: guest.body.token })).toEqual({ body: { entryId: guest.body.entryId, status: 'left' }, status: 200 })
    expect(await leave(guest.body.entryId, undefined, { token: guest.body.token })).toEqual({ body: { entryId: guest.body.entryId, status: 'left' }, status: 200 })
    expect(await leave(ann.body.entryId, ids.tokens.admin)).toEqual({ body: { entryId: ann.body.entryId, status: 'left' }, status: 200 })
    const events = (await ledgerServices.of(site.payload).waitlist.load(ann.body.entryId)).events
    expect(events.map(({ type }) => type)).toEqual(['WaitlistJoined', 'WaitlistLeft'])

    const taken = await book(at(7, 9))
    const offered = await join({ from: at(7, 9), resource: ids.room, service: ids.service, to: at(7, 10) }, ids.tokens.ann)
    await cancel(taken.body.id)
    await vi.waitFor(() => expect(offersOf(offered.body.entryId)).toHaveLength(1), { interval: 50, timeout: 10_000 })
    expect(await leave(offered.body.entryId, ids.tokens.ann)).toMatchObject({ status: 409 })
  })

  it('hostile or wrong input is a 400 naming the field, and nothing reaches the ledger', async () => {
    const base = { from: at(8, 9), resource: ids.room, service: ids.service, to: at(8, 10) }
    const guest = { email: 'h@waitlist.test', name: 'H' }
    const cases: Array<[Record<string, unknown>, string[], string?]> = [
      [{ ...base, service: undefined, guest }, ['service']],
      [{ ...base, service: 999_999, guest }, ['service']],
      [{ ...base, service: ids.closed, guest }, ['service']],
      [{ ...base, service: { equals: 1 }, guest }, ['service']],
      [{ ...base, resource: 999_999, guest }, ['resource']],
      [{ ...base, resource: ids.spare, service: ids.other, guest }, ['resource']],
      [{ ...base, from: 'tomorrow', guest }, ['from']],
      [{ ...base, from: '2031-04-08', guest }, ['from']],
      [{ ...base, to: ['x'], guest }, ['to']],
      [{ ...base, to: at(8, 9), guest }, ['to']],
      [{ ...base, from: '2020-01-01T09:00:00.000Z', to: '2020-01-01T10:00:00.000Z', guest }, ['to']],
      [{ ...base, to: '2032-04-08T10:00:00.000Z', guest }, ['to']],
      [{ ...base, guestCount: 0, guest }, ['guestCount']],
      [{ ...base, guestCount: 1.5, guest }, ['guestCount']],
      [{ ...base, guestCount: '2', guest }, ['guestCount']],
      [{ ...base }, ['guest']],
      [{ ...base, guest: { name: 'No contact' } }, ['guest']],
      [{ ...base, guest: 'me' }, ['guest']],
      [{ ...base, guest: { ...guest, email: 'x'.repeat(400) } }, ['guest.email']],
      [{ ...base, customer: ids.users.ann, guest }, ['customer']],
      [{ ...base, guest, status: 'offered' }, ['status']],
      [{ ...base, guest }, ['customer'], 'ben-for-ann'],
      [{ ...base, customer: 999_999 }, ['customer'], 'admin'],
    ]
    const before = (await rowsOf(site.payload)).length
    for (const [body, paths, who] of cases) {
      const token = who === 'admin' ? ids.tokens.admin : who === 'ben-for-ann' ? ids.tokens.ben : undefined
      const sent = who === 'ben-for-ann' ? { ...body, customer: ids.users.ann, guest: undefined } : body
      const answer = await join(sent, token)
      expect({ body: sent, status: answer.status }).toEqual({ body: sent, status: 400 })
      expect(errorPaths(answer.body)).toEqual(paths)
    }
    for (const text of ['[]', 'null', '{"service":', `{"a":${'['.repeat(40)}${']'.repeat(40)}}`]) {
      expect((await postJson(site.payload, '/api/reserve/waitlist', text)).status).toBe(400)
    }
    expect((await rowsOf(site.payload)).length).toBe(before)
  })

  it('staff list the entries of a day; customers and visitors may not', async () => {
    const range = { end: '2031-04-03T00:00:00.000Z', start: '2031-04-02T00:00:00.000Z' }
    const listed = await getJson(site.payload, withQuery('/api/reserve/waitlist', range), ids.tokens.admin)
    expect(listed.status).toBe(200)
    expect(listed.body.entries).toHaveLength(1)
    expect(listed.body.entries[0]).toMatchObject({ customer: String(ids.users.ann), from: at(2, 9), status: 'offered', to: at(2, 10) })
    expect((await getJson(site.payload, withQuery('/api/reserve/waitlist', range), ids.tokens.ann)).status).toBe(403)
    expect((await getJson(site.payload, withQuery('/api/reserve/waitlist', range))).status).toBe(401)
    expect((await getJson(site.payload, withQuery('/api/reserve/waitlist', { end: range.start, start: range.end }), ids.tokens.admin)).status).toBe(400)
  })

  it('a contact has at most maxWaitlistEntriesPerCaller (5) entries waiting (429); one left makes room; staff joining for them count', async () => {
    // The room is taken for the whole range: the entries keep waiting, and so keep counting.
    expect((await book(at(20, 9))).status).toBe(201)
    const cy = await site.payload.create({ collection: 'users', data: { email: 'cy@waitlist.test', password: PASSWORD, role: 'customer' } })
    const cyToken = await login(site.payload, { email: 'cy@waitlist.test', password: PASSWORD })
    const wish = { from: at(20, 9), resource: ids.room, service: ids.service, to: at(20, 10) }
    const joined = await Promise.all(Array.from({ length: 6 }, () => join(wish, cyToken)))
    expect(joined.map(({ status }) => status).sort()).toEqual([201, 201, 201, 201, 201, 429])
    const refused = joined.find(({ status }) => status === 429)!
    expect(errorPaths(refused.body)).toEqual(['entryId'])
    expect(refused.body.errors[0].message).toContain('5')
    expect((await join({ ...wish, customer: cy.id }, ids.tokens.admin)).status).toBe(429)

    const first = joined.find(({ status }) => status === 201)!
    expect((await sendJson(site.payload, 'DELETE', `/api/reserve/waitlist/${first.body.entryId}`, undefined, cyToken)).status).toBe(200)
    expect((await join({ ...wish, customer: cy.id }, ids.tokens.admin)).status).toBe(201)
    expect((await join(wish, cyToken)).status).toBe(429)

    // A guest counts by e-mail, whatever the case.
    const guest = (email: string) => join({ ...wish, guest: { email, name: 'Many' } })
    const guests = await Promise.all(['many@waitlist.test', 'MANY@waitlist.test', 'many@waitlist.test', 'Many@waitlist.test', 'many@waitlist.test', 'many@waitlist.test'].map(guest))
    expect(guests.map(({ status }) => status).sort()).toEqual([201, 201, 201, 201, 201, 429])
    expect((await guest('other@waitlist.test')).status).toBe(201)
  })

  it('a rebuild from the ledger reproduces the entries and announces nothing again', async () => {
    const runtime = ledgerServices.of(site.payload)
    const before = await rowsOf(site.payload)
    expect(before.length).toBeGreaterThan(5)
    expect(new Set(before.map(({ status }) => status))).toEqual(new Set(['expired', 'left', 'offered', 'waiting']))
    const offeredRows = before.filter(({ status }) => status === 'offered')
    expect(offeredRows.every(({ offerExpiresAt }) => offerExpiresAt != null)).toBe(true)
    const announced = offers.length
    // An offered row from before rows kept the offer's expiry: the rebuild fills it in.
    await site.payload.db.updateMany({ collection: WAITLIST_COLLECTION as 'users', data: { offerExpiresAt: null }, where: { entryId: { equals: offeredRows[offeredRows.length - 1].entryId } } })
    await site.payload.db.deleteMany({ collection: WAITLIST_COLLECTION as 'users', where: { entryId: { in: before.slice(0, 4).map(({ entryId }) => entryId as string) } } })
    await site.payload.db.updateMany({ collection: WAITLIST_COLLECTION as 'users', data: { status: 'waiting' }, where: { entryId: { equals: before[5].entryId } } })
    await site.payload.db.create({
      collection: WAITLIST_COLLECTION as 'users',
      data: { entryId: '0190c0c0-0000-7000-8000-00000000dead', from: at(20, 9), guestCount: 1, joinedAt: at(1, 1), ledgerRevision: 0, service: '1', status: 'waiting', to: at(20, 10) },
    })
    await rebuildReservations(site.payload, {
      collection: 'reservations',
      holds: runtime.holds,
      projector: runtime.projector,
      store: runtime.store,
      waitlist: { announce: (entryId) => runtime.waitlistOffers.countAnnounced(entryId), rows: runtime.waitlistRows },
    })
    expect(await rowsOf(site.payload)).toEqual(before)
    await runtime.waitlistOffers.sweep()
    expect(offers).toHaveLength(announced)
  })

  describe('export and import', () => {
    const imported: Offer[] = []
    const target = usePayloadOn(kind, { allowGuestBooking: true, hooks: { afterWaitlistOffer: [(offer) => void imported.push(offer)] } })

    it(`round-trips the waitlist in a version ${LEDGER_FORMAT_VERSION} file, without announcing its offers again`, async () => {
      const chunks: string[] = []
      await exportLedger(
        ledgerServices.of(site.payload).store,
        new Writable({
          write(chunk, _encoding, done) {
            chunks.push(String(chunk))
            done()
          },
        }),
      )
      const text = chunks.join('')
      expect(JSON.parse(text.split('\n')[0])).toMatchObject({ version: 4 })
      for (const type of ['WaitlistJoined', 'WaitlistOffered', 'WaitlistLeft', 'WaitlistExpired']) {
        expect(text).toContain(`"type":"${type}"`)
      }
      await seed(target.payload)
      await restoreLedger(target.payload, ledgerServices, () => Readable.from([text]))
      expect(await rowsOf(target.payload)).toEqual(await rowsOf(site.payload))
      await ledgerServices.of(target.payload).waitlistOffers.sweep()
      expect(imported).toEqual([])
    })
  })
})

describe.each(testDatabaseKinds())('the waitlist on hosts without in-process triggers (%s)', (kind) => {
  let database: TestDatabase
  let nodeA: Payload
  let nodeB: Payload
  const offers: Array<{ node: string; offer: Offer }> = []
  let ids: Awaited<ReturnType<typeof seed>>

  const options = (node: string) => ({
    allowGuestBooking: true,
    hooks: { afterWaitlistOffer: [(offer: Offer) => void offers.push({ node, offer })] },
    inProcessTimers: false,
  })

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    nodeA = await startReservePayload(database, options('a'))
    nodeB = await startReservePayload(existingTestDatabase(kind, database.uri), options('b'))
    ids = await seed(nodeA)
  })

  afterAll(async () => {
    await stopPayload(nodeB)
    await stopPayload(nodeA)
    await database.drop()
  })

  const book = (node: Payload, startTime: string) =>
    postJson(node, '/api/reserve/book', { guest: { email: 'x@waitlist.test', name: 'X' }, resource: ids.room, service: ids.service, startTime })

  it('the reserveCatchUp job offers what a cancel freed, on a fresh instance, when no in-process trigger ran', async () => {
    const taken = await book(nodeA, at(10, 9))
    const joined = await postJson(nodeA, '/api/reserve/waitlist', { from: at(10, 9), resource: ids.room, service: ids.service, to: at(10, 10) }, ids.tokens.ann)
    expect((await postJson(nodeA, '/api/reserve/cancel', { reservationId: taken.body.id }, ids.tokens.admin)).status).toBe(200)
    expect(await statusOf(nodeA, joined.body.entryId)).toBe('waiting')

    const fresh = await startReservePayload(existingTestDatabase(kind, database.uri), options('fresh'))
    try {
      await fresh.jobs.queue({ input: {}, queue: RESERVE_QUEUE, task: 'reserveCatchUp' })
      await fresh.jobs.run({ queue: RESERVE_QUEUE })
    } finally {
      await stopPayload(fresh)
    }
    expect(await statusOf(nodeA, joined.body.entryId)).toBe('offered')
    expect(offers.map(({ node, offer }) => [node, offer.entry.entryId, offer.hold.startTime])).toEqual([['fresh', joined.body.entryId, at(10, 9)]])
  })

  it('two instances reacting to one cancel make one offer, one hold and one announcement', async () => {
    offers.length = 0
    // Node B's reference data caught up with the site node A seeded (another process's edits show within seconds).
    const slotsQuery = withQuery('/api/reserve/slots', { date: '2031-04-11', resource: String(ids.room), service: String(ids.service) })
    await vi.waitFor(async () => expect((await getJson(nodeB, slotsQuery)).body.slots).toHaveLength(24), { interval: 200, timeout: 20_000 })
    const taken = await book(nodeA, at(11, 9))
    // Signed in on node A (each test instance has its own secret); the nodes share the database.
    const joined = await postJson(nodeA, '/api/reserve/waitlist', { from: at(11, 9), resource: ids.room, service: ids.service, to: at(11, 10) }, ids.tokens.ben)
    expect(joined.status).toBe(201)
    const later = await postJson(nodeA, '/api/reserve/waitlist', { from: at(11, 9), resource: ids.room, service: ids.service, to: at(11, 10) }, ids.tokens.ann)
    expect((await postJson(nodeA, '/api/reserve/cancel', { reservationId: taken.body.id }, ids.tokens.admin)).status).toBe(200)

    await Promise.all([ledgerServices.of(nodeA).waitlistOffers.sweep(), ledgerServices.of(nodeB).waitlistOffers.sweep(), ledgerServices.of(nodeA).waitlistOffers.sweep()])
    expect(offers.map(({ offer }) => offer.entry.entryId)).toEqual([joined.body.entryId])
    const events = (await ledgerServices.of(nodeA).waitlist.load(joined.body.entryId)).events
    expect(events.map(({ type }) => type)).toEqual(['WaitlistJoined', 'WaitlistOffered'])
    expect(await statusOf(nodeA, later.body.entryId)).toBe('waiting')
    // One unit of capacity, held once: the offer's hold.
    const index = await claimsOf(ledgerServices.of(nodeA).store, String(ids.room))
    expect(index.peakUnits(Date.parse(at(11, 9)), Date.parse(at(11, 10)))).toBe(1)
    expect(index.intervalsOf(offers[0].offer.hold.holdId)).toHaveLength(1)
  })
})
