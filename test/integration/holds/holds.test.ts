import type { Payload } from 'payload'

import { Readable } from 'node:stream'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { holdTokenDigest } from '../../../src/commands/hold-rules.js'
import { LEDGER_FORMAT_VERSION } from '../../../src/ledger-io/format.js'
import { HOLDS_COLLECTION } from '../../../src/plugin/features/holds/holds-collection.js'
import { RESERVE_QUEUE } from '../../../src/plugin/shared/reserve-queue.js'
import { restoreLedger } from '../../../src/plugin/restore-ledger.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { rebuildReservations } from '../../../src/projections/rebuild.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { login } from '../../helpers/payload.js'
import { exportedLedger } from '../../support/exported-ledger.js'
import { getJson, type JsonResponse, postJson, sendJson, withQuery } from '../../support/http.js'
import { claimsOf } from '../../support/month-streams.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN, errorPaths } from '../support/plugin-http.js'

type Id = number | string

const PASSWORD = 'pw-123456'
const MINUTE = 60_000

/** A start on the grid of a day far ahead, so that no window or past rule interferes: `2031-03-<day>T<hour>:00Z`. */
const at = (day: number, hour: number) => `2031-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`

const holdRows = async (payload: Payload) => {
  const { docs } = await payload.db.find<Record<string, unknown>>({ collection: HOLDS_COLLECTION as 'users', limit: 0, pagination: false, sort: 'holdId' })
  return docs.map(({ endTime, expiresAt, holder, holdId, startTime }) => ({ endTime, expiresAt, holder, holdId, startTime }))
}

describe.each(testDatabaseKinds())('holds while a customer checks out (%s)', (kind) => {
  const booked: string[] = []
  const site = usePayloadOn(kind, {
    allowGuestBooking: true,
    holdMinutes: 10,
    hooks: { afterBookingCreate: [({ doc }) => void booked.push(String(doc.id))] },
    maxHoldsPerCaller: 3,
  })
  const ids: Record<'room' | 'service' | 'shortService', Id> = { room: '', service: '', shortService: '' }
  const tokens: Record<'admin' | 'ann' | 'ben', string> = { admin: '', ann: '', ben: '' }

  beforeAll(async () => {
    const { payload } = site
    const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Fitting' } })
    const shortService = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, holdMinutes: 2, name: 'Quick fitting' } })
    const room = await payload.create({ collection: 'resources', data: { name: 'Fitting room', quantity: 1, services: [service.id, shortService.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: room.id } })
    Object.assign(ids, { room: room.id, service: service.id, shortService: shortService.id })
    for (const name of ['ann', 'ben'] as const) {
      await payload.create({ collection: 'users', data: { email: `${name}@holds.test`, password: PASSWORD, role: 'customer' } })
      tokens[name] = await login(payload, { email: `${name}@holds.test`, password: PASSWORD })
    }
    await payload.create({ collection: 'users', data: { email: 'admin@holds.test', password: PASSWORD, role: 'admin' } })
    tokens.admin = await login(payload, { email: 'admin@holds.test', password: PASSWORD })
  })

  const guest = (n: number | string) => ({ email: `guest-${n}@holds.test`, name: `Guest ${n}` })
  const hold = (startTime: string, who: { guest?: object; token?: string } = {}, extra: Record<string, unknown> = {}) =>
    postJson(site.payload, '/api/reserve/holds', { ...(who.guest ? { guest: who.guest } : {}), resource: ids.room, service: ids.service, startTime, ...extra }, who.token)
  const book = (body: Record<string, unknown>, token?: string) => postJson(site.payload, '/api/reserve/book', body, token)
  const slots = (date: string, extra: Record<string, string> = {}, token?: string) =>
    getJson(site.payload, withQuery('/api/reserve/slots', { date, resource: String(ids.room), service: String(ids.service), ...extra }), token)
  const starts = (response: JsonResponse): string[] => response.body.slots.map((slot: { start: string }) => slot.start)
  const claimed = async (holdId: string) => (await claimsOf(ledgerServices.of(site.payload).store, String(ids.room))).intervalsOf(holdId)

  it('of 20 concurrent holds on one capacity-1 slot exactly one succeeds; the others are told 409 on startTime', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => hold(at(2, 9), { guest: guest(`race-${n}`) })))
    expect(answers.filter(({ status }) => status === 201)).toHaveLength(1)
    const refused = answers.filter(({ status }) => status !== 201)
    expect(refused.map(({ status }) => status)).toEqual(Array(19).fill(409))
    expect(new Set(refused.flatMap(({ body }) => errorPaths(body)))).toEqual(new Set(['startTime']))
    const [won] = answers.filter(({ status }) => status === 201)
    expect(won.body).toMatchObject({ endTime: at(2, 10), resource: ids.room, service: ids.service, startTime: at(2, 9) })
    expect(typeof won.body.holdToken).toBe('string')
    expect(Date.parse(won.body.expiresAt) - Date.now()).toBeGreaterThan(9 * MINUTE)
    expect(Date.parse(won.body.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * MINUTE)
  })

  it('a hold turns into the booking for its holder, under the same id, without competing for the slot', async () => {
    const held = await hold(at(3, 9), { token: tokens.ann })
    expect(held.status).toBe(201)
    expect(held.body.holdToken).toBeUndefined()
    // While held, nobody else can book the time.
    expect((await book({ guest: guest('late'), resource: ids.room, service: ids.service, startTime: at(3, 9) })).status).toBe(409)

    expect(booked).not.toContain(held.body.holdId)
    const booking = await book({ holdId: held.body.holdId, notes: 'from the basket' }, tokens.ann)
    expect(booking.status).toBe(201)
    expect(booking.body).toMatchObject({ id: held.body.holdId, notes: 'from the basket', startTime: at(3, 9), status: 'pending' })
    // The booking, not the hold, is what the host hears of: once.
    expect(booked.filter((id) => id === held.body.holdId)).toEqual([held.body.holdId])
    expect(await claimed(held.body.holdId)).toHaveLength(1)
    // The row follows the booking's commit, projected beside the request rather than by it.
    await ledgerServices.of(site.payload).holds.settle()
    expect(await holdRows(site.payload)).not.toContainEqual(expect.objectContaining({ holdId: held.body.holdId }))
    // Booked once: the hold is gone.
    const again = await book({ holdId: held.body.holdId }, tokens.ann)
    expect(again.status).toBe(409)
    expect(errorPaths(again.body)).toEqual(['holdId'])
  })

  it('a guest books their hold with the hold token; a booking for another time than the hold is refused', async () => {
    const held = await hold(at(4, 9), { guest: guest('basket') })
    const elsewhere = await book({ holdId: held.body.holdId, holdToken: held.body.holdToken, startTime: at(4, 11) })
    expect(elsewhere.status).toBe(400)
    expect(errorPaths(elsewhere.body)).toEqual(['startTime'])
    const booking = await book({ holdId: held.body.holdId, holdToken: held.body.holdToken })
    expect(booking.status).toBe(201)
    expect(booking.body).toMatchObject({ guest: guest('basket'), id: held.body.holdId, startTime: at(4, 9) })
    // Neither the hold token nor its digest is ever read back, not even by staff.
    const history = await getJson(site.payload, withQuery('/api/reserve/history', { reservationId: held.body.holdId }), tokens.admin)
    expect(history.body.events.map(({ type }: { type: string }) => type)).toEqual(['ReservationHeld', 'ReservationBooked'])
    const events = await getJson(site.payload, '/api/reservation-events?depth=0&limit=500', tokens.admin)
    for (const text of [JSON.stringify(history.body), JSON.stringify(events.body)]) {
      expect(text).not.toContain(held.body.holdToken)
      expect(text).not.toContain(holdTokenDigest(held.body.holdToken))
    }
  })

  it('another caller can neither book nor release a hold; its holder and privileged staff can release it', async () => {
    const annHold = await hold(at(5, 9), { token: tokens.ann })
    const guestHold = await hold(at(5, 11), { guest: guest('mine') })
    const byBen = await book({ holdId: annHold.body.holdId }, tokens.ben)
    expect(byBen.status).toBe(403)
    expect(errorPaths(byBen.body)).toEqual(['holdId'])
    expect((await book({ guest: guest('mine'), holdId: guestHold.body.holdId, holdToken: 'not-the-token' })).status).toBe(403)
    expect((await book({ holdId: guestHold.body.holdId }, tokens.ann)).status).toBe(403)

    const release = (holdId: string, token?: string, body?: unknown) => sendJson(site.payload, 'DELETE', `/api/reserve/holds/${holdId}`, body, token)
    expect(await release(annHold.body.holdId, tokens.ben)).toEqual({ body: { message: 'Forbidden' }, status: 403 })
    expect(await release(guestHold.body.holdId, undefined, { holdToken: 'wrong' })).toEqual({ body: { message: 'Forbidden' }, status: 403 })
    expect(await release('0190c0c0-0000-7000-8000-000000000000', tokens.ben)).toEqual({ body: { message: 'Forbidden' }, status: 403 })
    expect(await release('0190c0c0-0000-7000-8000-000000000000', tokens.admin)).toEqual({ body: { message: 'Hold not found' }, status: 404 })
    expect(await claimed(annHold.body.holdId)).toHaveLength(1)

    expect(await release(annHold.body.holdId, tokens.ann)).toEqual({ body: { holdId: annHold.body.holdId, status: 'released' }, status: 200 })
    expect(await release(guestHold.body.holdId, undefined, { holdToken: guestHold.body.holdToken })).toEqual({
      body: { holdId: guestHold.body.holdId, status: 'released' },
      status: 200,
    })
    // Released: the capacity is free, and releasing again answers how it ended.
    expect(await claimed(annHold.body.holdId)).toEqual([])
    expect((await release(annHold.body.holdId, tokens.ann)).body.status).toBe('released')
    expect((await book({ guest: guest('after'), resource: ids.room, service: ids.service, startTime: at(5, 9) })).status).toBe(201)
    expect((await book({ holdId: annHold.body.holdId }, tokens.ann)).status).toBe(409)

    const staffHold = await hold(at(5, 14), { token: tokens.ben })
    expect((await release(staffHold.body.holdId, tokens.admin)).body.status).toBe('released')
  })

  it('a caller keeps at most maxHoldsPerCaller live holds (429); one ended makes room; staff have no limit', async () => {
    const placed = []
    for (const hour of [8, 9, 10]) {
      placed.push(await hold(at(6, hour), { token: tokens.ben }))
    }
    expect(placed.map(({ status }) => status)).toEqual([201, 201, 201])
    const fourth = await hold(at(6, 11), { token: tokens.ben })
    expect(fourth.status).toBe(429)
    expect(fourth.body.errors[0].message).toContain('3')
    // A guest counts by their contact: the same e-mail is the same caller.
    const guestHolds = await Promise.all([12, 13, 14, 15].map((hour) => hold(at(6, hour), { guest: guest('greedy') })))
    expect(guestHolds.map(({ status }) => status).sort()).toEqual([201, 201, 201, 429])

    await sendJson(site.payload, 'DELETE', `/api/reserve/holds/${placed[0].body.holdId}`, undefined, tokens.ben)
    expect((await hold(at(6, 11), { token: tokens.ben })).status).toBe(201)
    for (const hour of [16, 17, 18, 19]) {
      expect((await hold(at(6, hour), { token: tokens.admin })).status).toBe(201)
    }
  })

  it('slots and resource-availability count a hold as busy, except for its holder naming it', async () => {
    const held = await hold(at(7, 9), { guest: guest('looking') })
    const date = '2031-03-07'
    expect(starts(await slots(date))).not.toContain(at(7, 9))
    expect(starts(await slots(date, { holdId: held.body.holdId, holdToken: held.body.holdToken }))).toContain(at(7, 9))
    expect(await slots(date, { holdId: held.body.holdId }, tokens.ben)).toEqual({ body: { error: 'Forbidden' }, status: 403 })
    const availability = await getJson(site.payload, withQuery('/api/reserve/availability', { date, holdId: held.body.holdId, holdToken: held.body.holdToken, resource: String(ids.room), service: String(ids.service) }))
    expect(starts(availability)).toContain(at(7, 9))

    // Staff, who may release it, learn which hold it is and until when; another customer only that the time is held.
    const rangeFor = async (token?: string) =>
      (await getJson(site.payload, withQuery('/api/reserve/resource-availability', { end: '2031-03-08', resource: String(ids.room), start: date }), token)).body.busy
    // The holder comes from the holds collection's row: no hold's stream is read to answer.
    const loads = vi.spyOn(ledgerServices.of(site.payload).ledger, 'load')
    expect(await rangeFor(tokens.admin)).toEqual([
      { end: at(7, 10), expiresAt: new Date(held.body.expiresAt).toISOString(), hold: true, holdId: held.body.holdId, start: at(7, 9), units: 1 },
    ])
    expect(loads).not.toHaveBeenCalled()
    loads.mockRestore()
    expect(await rangeFor(tokens.ben)).toEqual([{ end: at(7, 10), hold: true, start: at(7, 9), units: 1 }])
    expect(await rangeFor()).toEqual([{ end: at(7, 10), hold: true, start: at(7, 9), units: 1 }])
  })

  it("resource-availability marks a signed-in customer's own hold mine; another customer and a guest see only that the time is held", async () => {
    // A customer with no other live holds (ben's may be at maxHoldsPerCaller by now).
    await site.payload.create({ collection: 'users', data: { email: 'cleo@holds.test', password: PASSWORD, role: 'customer' } })
    const cleo = await login(site.payload, { email: 'cleo@holds.test', password: PASSWORD })
    const held = await hold(at(10, 9), { token: cleo })
    expect(held.status).toBe(201)
    const rangeFor = async (token?: string) =>
      (await getJson(site.payload, withQuery('/api/reserve/resource-availability', { end: '2031-03-11', resource: String(ids.room), start: '2031-03-10' }), token)).body.busy
    expect(await rangeFor(cleo)).toEqual([
      { end: at(10, 10), expiresAt: new Date(held.body.expiresAt).toISOString(), hold: true, holdId: held.body.holdId, mine: true, start: at(10, 9), units: 1 },
    ])
    expect(await rangeFor(tokens.ben)).toEqual([{ end: at(10, 10), hold: true, start: at(10, 9), units: 1 }])
    expect(await rangeFor()).toEqual([{ end: at(10, 10), hold: true, start: at(10, 9), units: 1 }])
    // Staff learn which hold it is, but it is not theirs.
    expect((await rangeFor(tokens.admin))[0]).not.toHaveProperty('mine')
  })

  it('expiry is a ledger event that frees the capacity; a hold not yet due stays', async () => {
    const runtime = ledgerServices.of(site.payload)
    const held = await hold(at(8, 9), { guest: guest('slow') }, { service: ids.shortService })
    const expiresAt = Date.parse(held.body.expiresAt)
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(2 * MINUTE)
    expect(await runtime.holdExpiry.sweep(new Date(expiresAt - 1000))).toBe(0)
    expect(await claimed(held.body.holdId)).toHaveLength(1)

    expect(await runtime.holdExpiry.sweep(new Date(expiresAt))).toBe(1)
    expect(await claimed(held.body.holdId)).toEqual([])
    expect((await runtime.ledger.history(held.body.holdId)).map(({ type }) => type)).toEqual(['ReservationHeld', 'HoldExpired'])
    expect(starts(await slots('2031-03-08'))).toContain(at(8, 9))
    expect((await book({ holdId: held.body.holdId, holdToken: held.body.holdToken })).status).toBe(409)
    expect(await holdRows(site.payload)).not.toContainEqual(expect.objectContaining({ holdId: held.body.holdId }))
  })

  it('a hold that expires while a booking of it races the expiry ends exactly one way: booked or expired, its capacity held only if booked', async () => {
    const runtime = ledgerServices.of(site.payload)
    const outcomes: string[] = []
    for (let round = 0; round < 6; round++) {
      const held = await hold(at(9, 8 + round), { guest: guest(`racer-${round}`) })
      const due = new Date(Date.parse(held.body.expiresAt))
      // Alternate who starts first; the ledger decides who lands.
      const racers = [() => book({ holdId: held.body.holdId, holdToken: held.body.holdToken }), () => runtime.holdExpiry.expire(held.body.holdId, due)] as const
      const [booking, expired] = round % 2 === 0 ? await Promise.all([racers[0](), racers[1]()]) : (await Promise.all([racers[1](), racers[0]()])).reverse() as [JsonResponse, boolean]
      const wasBooked = booking.status === 201
      expect(wasBooked).not.toBe(expired)
      if (!wasBooked) {
        expect(booking.status).toBe(409)
      }
      const types = (await runtime.ledger.history(held.body.holdId)).map(({ type }) => type)
      expect(types).toEqual(['ReservationHeld', wasBooked ? 'ReservationBooked' : 'HoldExpired'])
      expect(await claimed(held.body.holdId)).toHaveLength(wasBooked ? 1 : 0)
      const document = await site.payload.db.findOne({ collection: 'reservations', where: { id: { equals: held.body.holdId } } })
      expect(Boolean(document)).toBe(wasBooked)
      outcomes.push(wasBooked ? 'booked' : 'expired')
    }
    expect(outcomes).toHaveLength(6)
  })

  it('a rebuild from the ledger reproduces the live holds', async () => {
    const runtime = ledgerServices.of(site.payload)
    await runtime.holds.settle()
    const before = await holdRows(site.payload)
    expect(before.length).toBeGreaterThan(5)
    expect(before.every(({ holder }) => typeof holder === 'string' && /^(guest|user|system)/.test(holder))).toBe(true)
    // A row from before rows kept their holder: the rebuild fills it in.
    await site.payload.db.updateOne({ collection: HOLDS_COLLECTION as 'users', data: { holder: null }, where: { holdId: { equals: before[3].holdId } } })
    await site.payload.db.deleteMany({ collection: HOLDS_COLLECTION as 'users', where: { holdId: { in: before.slice(0, 3).map(({ holdId }) => holdId as string) } } })
    await site.payload.db.create({ collection: HOLDS_COLLECTION as 'users', data: { endTime: at(20, 10), expiresAt: at(20, 9), holdId: '0190c0c0-0000-7000-8000-00000000dead', startTime: at(20, 9) } })
    await rebuildReservations(site.payload, { collection: 'reservations', holds: runtime.holds, projector: runtime.projector, store: runtime.store })
    expect(await holdRows(site.payload)).toEqual(before)
  })

  describe('export and import', () => {
    const target = usePayloadOn(kind, { allowGuestBooking: true })

    it(`round-trips holds in a version ${LEDGER_FORMAT_VERSION} file: the same holds hold the same capacity`, async () => {
      const text = await exportedLedger(site.payload)
      expect(JSON.parse(text.split('\n')[0])).toMatchObject({ version: LEDGER_FORMAT_VERSION })
      expect(text).toContain('"type":"ReservationHeld"')
      expect(text).toContain('"type":"HoldPlaced"')
      // The same reference data, in the same order, so that SQL ids agree.
      const service = await target.payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Fitting' } })
      await target.payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, holdMinutes: 2, name: 'Quick fitting' } })
      const room = await target.payload.create({ collection: 'resources', data: { name: 'Fitting room', quantity: 1, services: [service.id] } })
      expect(room.id).toBe(ids.room)
      for (const name of ['ann', 'ben']) {
        await target.payload.create({ collection: 'users', data: { email: `${name}@holds.test`, password: PASSWORD, role: 'customer' } })
      }

      await restoreLedger(target.payload, ledgerServices, () => Readable.from([text]))
      expect(await holdRows(target.payload)).toEqual(await holdRows(site.payload))
      const held = (await holdRows(site.payload))[0].holdId as string
      const index = async (payload: Payload) => (await claimsOf(ledgerServices.of(payload).store, String(ids.room))).intervalsOf(held)
      expect(await index(target.payload)).toEqual(await index(site.payload))
    })
  })
})

describe.each(testDatabaseKinds())('holds on a host without in-process timers (%s)', (kind) => {
  const site = usePayloadOn(kind, { inProcessTimers: false })

  it('the reserveCatchUp job expires holds that are due; until it runs they hold', async () => {
    const { payload } = site
    const runtime = ledgerServices.of(payload)
    const service = await payload.create({ collection: 'services', data: { duration: 60, name: 'Jobs' } })
    const room = await payload.create({ collection: 'resources', data: { name: 'Jobs room', quantity: 1, services: [service.id] } })
    const ids = { room: room.id, service: service.id }
    const claimed = async (holdId: string) => (await claimsOf(runtime.store, String(ids.room))).intervalsOf(holdId)
    // A hold placed 15 minutes ago by server code, as if no timer had run since (a serverless host).
    const placedAt = new Date(Date.now() - 15 * MINUTE)
    await runtime.ledger.execute(
      {
        data: {
          customer: null,
          expiresAt: new Date(placedAt.getTime() + 10 * MINUTE).toISOString(),
          guest: null,
          holder: { kind: 'system' },
          holderKey: null,
          plan: {
            claims: [{ intervals: [{ end: Date.parse(at(10, 10)), start: Date.parse(at(10, 9)), units: 1 }], resource: String(ids.room) }],
            endTime: at(10, 10),
            guestCount: 1,
            items: [],
            resource: ids.room,
            service: ids.service,
            startTime: at(10, 9),
          },
          reservationId: '0190c0c0-0000-7000-8000-00000000abcd',
        },
        type: 'PlaceHold',
      },
      { actor: { kind: 'system', name: 'test' }, now: placedAt, privileged: true },
    )
    await runtime.holds.project('0190c0c0-0000-7000-8000-00000000abcd')
    // No timer runs here: the hold, long due, holds until the job runs.
    expect(await claimed('0190c0c0-0000-7000-8000-00000000abcd')).toHaveLength(1)
    await site.payload.jobs.queue({ input: {}, queue: RESERVE_QUEUE, task: 'reserveCatchUp' })
    await site.payload.jobs.run({ queue: RESERVE_QUEUE })
    expect(await claimed('0190c0c0-0000-7000-8000-00000000abcd')).toEqual([])
  })
})
