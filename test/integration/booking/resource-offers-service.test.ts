import type { Payload } from 'payload'

import { beforeAll, describe, expect, it, vi } from 'vitest'

import type { AfterWaitlistOfferHook } from '../../../src/plugin/options.js'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { graphqlRequest, login } from '../../helpers/payload.js'
import { getJson, type JsonResponse, postJson, sendJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN, errorPaths } from '../support/plugin-http.js'

type Id = number | string
type Offer = Parameters<AfterWaitlistOfferHook>[0]

const NOT_OFFERED = 'The resource does not offer this service'
const PASSWORD = 'pw-123456'
const guest = { email: 'ada@offers.test', name: 'Ada' }

/** A start on the hour on a day far ahead: `2031-05-<day>T<hour>:00Z`. */
const at = (day: number, hour: number) => `2031-05-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`

/**
 * A practice: Anna offers Consultation and Treatment (which also takes a chair from a pool that
 * lists no service), the Seminar room offers only Seminar, and a new room offers nothing yet.
 */
const seed = async (payload: Payload) => {
  const service = (data: Record<string, unknown>) =>
    payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, slotInterval: 60, ...data } })
  const pool = await payload.create({ collection: 'resources', data: { name: 'Chair pool', quantity: 2 } })
  const consultation = await service({ name: 'Consultation' })
  const treatment = await service({ name: 'Treatment', requiredResources: [pool.id] })
  const seminar = await service({ name: 'Seminar' })
  const anna = await payload.create({ collection: 'resources', data: { name: 'Anna', services: [consultation.id, treatment.id] } })
  const room = await payload.create({ collection: 'resources', data: { name: 'Seminar room', quantity: 8, services: [seminar.id] } })
  const bare = await payload.create({ collection: 'resources', data: { name: 'New room' } })
  for (const resource of [pool, anna, room, bare]) {
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
  }
  await payload.create({ collection: 'users', data: { email: 'admin@offers.test', password: PASSWORD, role: 'admin' } })
  return {
    admin: await login(payload, { email: 'admin@offers.test', password: PASSWORD }),
    anna: anna.id as Id,
    bare: bare.id as Id,
    consultation: consultation.id as Id,
    pool: pool.id as Id,
    room: room.id as Id,
    seminar: seminar.id as Id,
    treatment: treatment.id as Id,
  }
}

/** Payload's validation error on `path`, worded as the rule words it. */
const expectNotOffered = (response: JsonResponse, path = 'resource') => {
  expect(response.status).toBe(400)
  expect(response.body.errors[0].data.errors).toEqual([{ message: NOT_OFFERED, path }])
}

describe.each(testDatabaseKinds())('a resource takes bookings only for the services it offers (%s)', (kind) => {
  const offers: Offer[] = []
  const site = usePayloadOn(kind, { allowGuestBooking: true, hooks: { afterWaitlistOffer: [(offer) => void offers.push(offer)] } })
  let ids: Awaited<ReturnType<typeof seed>>

  beforeAll(async () => {
    ids = await seed(site.payload)
  })

  const events = async () => (await ledgerServices.of(site.payload).store.readAll({ limit: 100_000 })).length
  const book = (body: Record<string, unknown>, token?: string) =>
    postJson(site.payload, '/api/reserve/book', { guest, resource: ids.anna, service: ids.consultation, ...body }, token)
  const patch = (id: string, body: Record<string, unknown>) => sendJson(site.payload, 'PATCH', `/api/reservations/${id}?depth=0`, body, ids.admin)
  const slots = (path: string, query: Record<string, string>) => getJson(site.payload, withQuery(path, query))

  it('refuses the booking through /api/reserve/book, REST, the Local API and GraphQL, and appends nothing', async () => {
    const before = await events()
    const consultationInRoom = { resource: ids.room, service: ids.consultation, startTime: at(1, 9) }
    expectNotOffered(await book(consultationInRoom))
    expectNotOffered(await book(consultationInRoom, ids.admin))
    expectNotOffered(await postJson(site.payload, '/api/reservations', { ...consultationInRoom, guest }))
    expectNotOffered(await postJson(site.payload, '/api/reservations', { ...consultationInRoom, guest }, ids.admin))
    // An empty list offers nothing.
    expectNotOffered(await book({ resource: ids.bare, startTime: at(1, 9) }, ids.admin))
    await expect(site.payload.create({ collection: 'reservations', data: { ...consultationInRoom, guest } })).rejects.toMatchObject({
      data: { errors: [{ message: NOT_OFFERED, path: 'resource' }] },
      status: 400,
    })
    const gql = await graphqlRequest(
      site.payload,
      JSON.stringify({
        query: 'mutation ($data: mutationReservationInput!) { createReservation(data: $data) { id } }',
        variables: { data: { ...consultationInRoom, guest } },
      }),
      { Authorization: `JWT ${ids.admin}` },
    )
    const answer = await gql.json()
    expect(answer.data?.createReservation ?? null).toBeNull()
    expect(answer.errors[0].extensions.data.errors).toEqual([{ message: NOT_OFFERED, path: 'resource' }])
    expect(await events()).toBe(before)

    // The pair the resource offers books.
    expect((await book({ startTime: at(1, 9) })).status).toBe(201)
    expect((await book({ resource: ids.room, service: ids.seminar, startTime: at(1, 9) })).status).toBe(201)
  })

  it('refuses a move to a resource, or a change to a service, the resource does not offer; a move on it books', async () => {
    const booked = await book({ startTime: at(2, 9) })
    expect(booked.status).toBe(201)
    const before = await events()
    expectNotOffered(await patch(booked.body.id, { resource: ids.room }))
    expectNotOffered(await patch(booked.body.id, { resource: ids.room, startTime: at(2, 11) }))
    expectNotOffered(await patch(booked.body.id, { service: ids.seminar }))
    await expect(
      site.payload.update({ collection: 'reservations', data: { resource: ids.bare }, id: booked.body.id }),
    ).rejects.toMatchObject({ status: 400 })
    expect(await events()).toBe(before)
    const stored = await site.payload.findByID({ collection: 'reservations', depth: 0, id: booked.body.id })
    expect(stored).toMatchObject({ resource: ids.anna, service: ids.consultation, startTime: at(2, 9) })

    const moved = await patch(booked.body.id, { startTime: at(2, 11) })
    expect(moved.status).toBe(200)
    expect(moved.body.doc).toMatchObject({ resource: ids.anna, startTime: at(2, 11) })
  })

  it("an item's resource offers the item's service or is a pool the service requires", async () => {
    const before = await events()
    const refused = await postJson(
      site.payload,
      '/api/reservations',
      { guest, items: [{ resource: ids.room }], resource: ids.anna, service: ids.consultation, startTime: at(3, 9) },
      ids.admin,
    )
    expectNotOffered(refused, 'items.0.resource')
    expect(await events()).toBe(before)

    // The room with its own service, and the chair pool Treatment requires (it lists no service).
    const withRoom = await postJson(
      site.payload,
      '/api/reservations',
      { guest, items: [{ resource: ids.room, service: ids.seminar }], resource: ids.anna, service: ids.consultation, startTime: at(3, 9) },
      ids.admin,
    )
    expect(withRoom.status).toBe(201)
    const treatment = await book({ service: ids.treatment, startTime: at(3, 11) })
    expect(treatment.status).toBe(201)
    expect(treatment.body.items).toEqual([expect.objectContaining({ resource: ids.pool })])
  })

  it('refuses a hold and a series for the pair, and appends nothing', async () => {
    const before = await events()
    expectNotOffered(await postJson(site.payload, '/api/reserve/holds', { guest, resource: ids.room, service: ids.consultation, startTime: at(4, 9) }))
    expectNotOffered(await book({ recurrence: { count: 3, frequency: 'weekly' }, resource: ids.room, startTime: at(4, 9) }))
    expectNotOffered(await book({ partial: true, recurrence: { count: 3, frequency: 'daily' }, resource: ids.room, startTime: at(4, 9) }, ids.admin))
    expect(await events()).toBe(before)
    expect((await postJson(site.payload, '/api/reserve/holds', { guest, resource: ids.anna, service: ids.consultation, startTime: at(4, 9) })).status).toBe(201)
  })

  it('/slots and /availability offer nothing for the pair, also with resources=', async () => {
    for (const path of ['/api/reserve/slots', '/api/reserve/availability']) {
      const of = async (query: Record<string, string>) => {
        const answer = await slots(path, { date: '2031-05-05', ...query })
        expect(answer.status).toBe(200)
        return answer.body.slots.length
      }
      expect(await of({ resource: String(ids.room), service: String(ids.consultation) })).toBe(0)
      expect(await of({ resource: String(ids.bare), service: String(ids.consultation) })).toBe(0)
      expect(await of({ resource: String(ids.anna), resources: `${ids.anna},${ids.room}`, service: String(ids.consultation) })).toBe(0)
      expect(await of({ resource: String(ids.anna), service: String(ids.consultation) })).toBe(24)
      expect(await of({ resource: String(ids.room), service: String(ids.seminar) })).toBe(24)
      expect(await of({ resource: String(ids.anna), resources: `${ids.anna},${ids.pool}`, service: String(ids.treatment) })).toBe(24)
    }
  })

  it('a resource that starts or stops offering a service is taken at its word at once; its bookings can still be confirmed and cancelled', async () => {
    const { payload } = site
    await payload.update({ collection: 'resources', data: { services: [ids.seminar, ids.consultation] }, id: ids.room })
    const booked = await book({ resource: ids.room, startTime: at(6, 9) })
    expect(booked.status).toBe(201)
    expect((await slots('/api/reserve/slots', { date: '2031-05-06', resource: String(ids.room), service: String(ids.consultation) })).body.slots).not.toHaveLength(0)

    await payload.update({ collection: 'resources', data: { services: [ids.seminar] }, id: ids.room })
    expectNotOffered(await book({ resource: ids.room, startTime: at(6, 11) }))
    expectNotOffered(await patch(booked.body.id, { startTime: at(6, 11) }))
    expect((await slots('/api/reserve/slots', { date: '2031-05-06', resource: String(ids.room), service: String(ids.consultation) })).body.slots).toEqual([])
    expect((await patch(booked.body.id, { status: 'confirmed' })).status).toBe(200)
    expect((await postJson(payload, '/api/reserve/cancel', { reservationId: booked.body.id }, ids.admin)).status).toBe(200)
  })

  it('the waitlist: joining for the pair is refused, and "any resource" is offered only a resource that offers the service', async () => {
    const refused = await postJson(site.payload, '/api/reserve/waitlist', { from: at(7, 9), guest, resource: ids.room, service: ids.consultation, to: at(7, 10) })
    expect(refused.status).toBe(400)
    expect(errorPaths(refused.body)).toEqual(['resource'])

    // Anna is taken at 09:00; the rooms are free, but neither offers a consultation.
    const taken = await book({ startTime: at(7, 9) })
    expect(taken.status).toBe(201)
    const joined = await postJson(site.payload, '/api/reserve/waitlist', { from: at(7, 9), guest, resource: 'any', service: ids.consultation, to: at(7, 10) })
    expect(joined.status).toBe(201)
    const mine = () => offers.filter((offer) => offer.entry.entryId === joined.body.entryId)
    await ledgerServices.of(site.payload).waitlistOffers.sweep()
    expect(mine()).toEqual([])

    expect((await postJson(site.payload, '/api/reserve/cancel', { reservationId: taken.body.id }, ids.admin)).status).toBe(200)
    await vi.waitFor(() => expect(mine()).toHaveLength(1), { interval: 50, timeout: 10_000 })
    expect(mine()[0].hold).toMatchObject({ resource: ids.anna, service: ids.consultation, startTime: at(7, 9) })
  })

  it('the waitlist offers nothing on a resource that stopped offering the service after the entry joined', async () => {
    const { payload } = site
    const taken = await book({ startTime: at(8, 9) })
    const joined = await postJson(payload, '/api/reserve/waitlist', { from: at(8, 9), guest, resource: ids.anna, service: ids.consultation, to: at(8, 10) })
    expect([taken.status, joined.status]).toEqual([201, 201])
    await payload.update({ collection: 'resources', data: { services: [ids.treatment] }, id: ids.anna })
    try {
      expect((await postJson(payload, '/api/reserve/cancel', { reservationId: taken.body.id }, ids.admin)).status).toBe(200)
      await ledgerServices.of(payload).waitlistOffers.sweep()
      expect(offers.filter((offer) => offer.entry.entryId === joined.body.entryId)).toEqual([])
      expect((await ledgerServices.of(payload).waitlist.load(joined.body.entryId)).state.kind).toBe('waiting')
    } finally {
      await payload.update({ collection: 'resources', data: { services: [ids.consultation, ids.treatment] }, id: ids.anna })
    }
  })
})
