import type { Payload } from 'payload'

import { beforeAll, describe, expect, it } from 'vitest'

import type { AfterWaitlistOfferHook } from '../../../src/plugin/options.js'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { login } from '../../helpers/payload.js'
import { getJson, postJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

type Offer = Parameters<AfterWaitlistOfferHook>[0]

const PASSWORD = 'pw-123456'

/** A start on the grid of a day far ahead: `2031-05-<day>T<hour>:00Z`. */
const at = (day: number, hour: number) => `2031-05-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`

/** One room offering Massage (capacity 1) and a hall offering only Yoga, both open around the clock; two customers and staff. */
const seed = async (payload: Payload) => {
  const massage = await payload.create({ collection: 'services', data: { duration: 60, name: 'Massage', slotInterval: 60 } })
  const yoga = await payload.create({ collection: 'services', data: { duration: 60, name: 'Yoga', slotInterval: 60 } })
  const room = await payload.create({ collection: 'resources', data: { name: 'Room', quantity: 1, services: [massage.id] } })
  const hall = await payload.create({ collection: 'resources', data: { name: 'Hall', quantity: 1, services: [yoga.id] } })
  for (const resource of [room, hall]) {
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
  }
  const tokens: Record<string, string> = {}
  const users: Record<string, number | string> = {}
  for (const [name, role] of [['ann', 'customer'], ['ben', 'customer'], ['admin', 'admin']] as const) {
    users[name] = (await payload.create({ collection: 'users', data: { email: `${name}@offer.test`, password: PASSWORD, role } })).id
    tokens[name] = await login(payload, { email: `${name}@offer.test`, password: PASSWORD })
  }
  return { hall: hall.id, massage: massage.id, room: room.id, tokens, users }
}

describe.each(testDatabaseKinds())('staff offer a waitlist entry a time by hand (%s)', (kind) => {
  const offers: Offer[] = []
  const site = usePayloadOn(kind, { hooks: { afterWaitlistOffer: [(offer) => void offers.push(offer)] } })
  let ids: Awaited<ReturnType<typeof seed>>

  beforeAll(async () => {
    ids = await seed(site.payload)
  })

  /** Ann waits for a Massage at 09:00 on the given day, which Ben has taken: no pass offers it her. */
  const annWaits = async (day: number) => {
    const walkIn = { customer: ids.users.ben, resource: ids.room, service: ids.massage, startTime: at(day, 9) }
    expect((await postJson(site.payload, '/api/reserve/book', walkIn, ids.tokens.admin)).status).toBe(201)
    const joined = await postJson(site.payload, '/api/reserve/waitlist', { from: at(day, 9), resource: 'any', service: ids.massage, to: at(day, 10) }, ids.tokens.ann)
    expect(joined.status).toBe(201)
    return joined.body.entryId as string
  }
  const offer = (entryId: string, body: unknown, token?: string) => postJson(site.payload, `/api/reserve/waitlist/${entryId}/offer`, body, token)
  const freeStarts = async (day: number) =>
    (await getJson(site.payload, withQuery('/api/reserve/slots', { date: `2031-05-${String(day).padStart(2, '0')}`, resource: String(ids.room), service: String(ids.massage) }))).body.slots.map(
      ({ start }: { start: string }) => start,
    )

  it('staff pick a free time: the entry is offered a hold there that its customer is told of and books', async () => {
    const entryId = await annWaits(4)
    // Her time stays taken, so no pass offers; on the phone she agrees to 14:00, which staff offer by hand.
    await ledgerServices.of(site.payload).waitlistOffers.sweep()
    expect(offers.filter((o) => o.entry.entryId === entryId)).toHaveLength(0)
    expect(await freeStarts(4)).toContain(at(4, 14))
    const list = () => getJson(site.payload, withQuery('/api/reserve/waitlist', { end: at(5, 0), start: at(4, 0) }), ids.tokens.admin)
    expect((await list()).body.entries.find((entry: { entryId: string }) => entry.entryId === entryId)).toMatchObject({
      holdId: null,
      offerExpiresAt: null,
      offeredStart: null,
      status: 'waiting',
    })

    const offered = await offer(entryId, { resource: ids.room, startTime: at(4, 14) }, ids.tokens.admin)
    expect(offered.status).toBe(201)
    expect(offered.body).toMatchObject({ entryId, resource: ids.room, startTime: at(4, 14), status: 'offered' })
    expect(Date.parse(offered.body.expiresAt)).toBeGreaterThan(Date.now())
    expect(await freeStarts(4)).not.toContain(at(4, 14))

    const told = offers.filter((o) => o.entry.entryId === entryId)
    expect(told).toHaveLength(1)
    expect(told[0].contact).toEqual({ customer: ids.users.ann, guest: null })
    expect(told[0].hold).toMatchObject({ holdId: offered.body.holdId, resource: ids.room, startTime: at(4, 14) })

    const listed = await list()
    expect(listed.body.entries.find((entry: { entryId: string }) => entry.entryId === entryId)).toMatchObject({
      holdId: offered.body.holdId,
      offerExpiresAt: new Date(offered.body.expiresAt).toISOString(),
      offeredStart: at(4, 14),
      status: 'offered',
    })

    const booked = await postJson(site.payload, '/api/reserve/book', { holdId: offered.body.holdId }, ids.tokens.ann)
    expect(booked.status).toBe(201)
    expect(booked.body).toMatchObject({ customer: ids.users.ann, startTime: at(4, 14) })
    // Booked, the hold is no longer held until anything.
    expect((await list()).body.entries.find((entry: { entryId: string }) => entry.entryId === entryId)).toMatchObject({ offerExpiresAt: null, status: 'offered' })
  })

  it('only privileged staff offer: a visitor gets 401 and the customer 403, and the entry still waits', async () => {
    const entryId = await annWaits(6)
    const body = { resource: ids.room, startTime: at(6, 10) }
    expect((await offer(entryId, body)).status).toBe(401)
    expect((await offer(entryId, body, ids.tokens.ann)).status).toBe(403)
    expect((await ledgerServices.of(site.payload).waitlist.load(entryId)).state.kind).toBe('waiting')
    expect(await freeStarts(6)).toContain(at(6, 10))
  })

  it('bad input is a clear 4xx that offers nothing', async () => {
    const entryId = await annWaits(7)
    const taken = await postJson(site.payload, '/api/reserve/book', { customer: ids.users.ann, resource: ids.room, service: ids.massage, startTime: at(7, 11) }, ids.tokens.admin)
    expect(taken.status).toBe(201)
    const refusals = [
      [await offer(entryId, { resource: ids.room, startTime: 'tomorrow' }, ids.tokens.admin), 400, 'startTime is required, as an ISO 8601 instant'],
      [await offer(entryId, { startTime: at(7, 10) }, ids.tokens.admin), 400, 'resource is required for an entry that waits for any resource'],
      [await offer(entryId, { resource: ids.room, startTime: at(7, 11) }, ids.tokens.admin), 409, 'That time is not free for this entry'],
      [await offer('0190c0c0-0000-7000-8000-000000000000', { resource: ids.room, startTime: at(7, 10) }, ids.tokens.admin), 404, 'Waitlist entry not found'],
    ] as const
    for (const [response, status, message] of refusals) {
      expect(response.status).toBe(status)
      expect(response.body).toEqual({ message })
    }
    // The hall does not offer Massage.
    const elsewhere = await offer(entryId, { resource: ids.hall, startTime: at(7, 10) }, ids.tokens.admin)
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.body).toEqual({ message: 'The resource does not offer this service' })
    expect((await ledgerServices.of(site.payload).waitlist.load(entryId)).state.kind).toBe('waiting')

    // Once offered, it is not offered again.
    expect((await offer(entryId, { resource: ids.room, startTime: at(7, 10) }, ids.tokens.admin)).status).toBe(201)
    const again = await offer(entryId, { resource: ids.room, startTime: at(7, 12) }, ids.tokens.admin)
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ message: 'The waitlist entry is no longer waiting' })
    expect(await freeStarts(7)).toContain(at(7, 12))
  })
})

describe.each(testDatabaseKinds())('a site where only staff offer (waitlistAutoOffer: false, %s)', (kind) => {
  const offers: Offer[] = []
  const site = usePayloadOn(kind, { hooks: { afterWaitlistOffer: [(offer) => void offers.push(offer)] }, waitlistAutoOffer: false })
  let ids: Awaited<ReturnType<typeof seed>>

  beforeAll(async () => {
    ids = await seed(site.payload)
  })

  it('freed time is not held for anyone: the entry waits until staff offer it, and it still ends at the end of its range', async () => {
    const walkIn = await postJson(site.payload, '/api/reserve/book', { customer: ids.users.ben, resource: ids.room, service: ids.massage, startTime: at(4, 9) }, ids.tokens.admin)
    expect(walkIn.status).toBe(201)
    const joined = await postJson(site.payload, '/api/reserve/waitlist', { from: at(4, 9), resource: ids.room, service: ids.massage, to: at(4, 10) }, ids.tokens.ann)
    expect(joined.status).toBe(201)
    const entryId = joined.body.entryId as string
    const later = await postJson(site.payload, '/api/reserve/waitlist', { from: at(5, 9), resource: ids.room, service: ids.massage, to: at(5, 10) }, ids.tokens.ben)
    expect(later.status).toBe(201)

    expect((await postJson(site.payload, '/api/reserve/cancel', { reservationId: walkIn.body.id }, ids.tokens.admin)).status).toBe(200)
    const { waitlist, waitlistOffers } = ledgerServices.of(site.payload)
    // The sweep a site's timers and the reserveCatchUp job run offers nothing either.
    expect(await waitlistOffers.sweep()).toMatchObject({ offered: 0 })
    expect((await waitlist.load(entryId)).state.kind).toBe('waiting')
    expect(offers).toHaveLength(0)
    const slots = await getJson(site.payload, withQuery('/api/reserve/slots', { date: '2031-05-04', resource: String(ids.room), service: String(ids.massage) }))
    expect(slots.body.slots.map(({ start }: { start: string }) => start)).toContain(at(4, 9))

    const offered = await postJson(site.payload, `/api/reserve/waitlist/${entryId}/offer`, { startTime: at(4, 9) }, ids.tokens.admin)
    expect(offered.status).toBe(201)
    expect(offers.map((offer) => [offer.entry.entryId, offer.hold.startTime])).toEqual([[entryId, at(4, 9)]])

    // Past its range, Ben's entry expires on the sweep as on any site.
    expect(await waitlistOffers.sweep(new Date(at(5, 10)))).toMatchObject({ expired: 1, offered: 0 })
    expect((await waitlist.load(later.body.entryId)).state.kind).toBe('expired')
  })
})
