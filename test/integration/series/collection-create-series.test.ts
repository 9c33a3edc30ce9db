import type { Where } from 'payload'

import { beforeAll, describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { graphqlRequest } from '../../helpers/payload.js'
import { type JsonResponse, postJson, sendJson } from '../../support/http.js'
import { claimsOf } from '../../support/month-streams.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { errorPaths } from '../support/plugin-http.js'
import { seedSeriesSite } from './series-site.js'

type Id = number | string
type Doc = Record<string, unknown>

const DAY = 86_400_000
const WEEK = 7 * DAY

/** Far enough ahead that no window or past rule interferes. */
const at = (month: number, day: number, hour: number) =>
  `2032-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString()

/**
 * A create through the reservations collection (REST as the admin's form sends it, and the Local
 * API) that carries `recurrence` books the series POST /api/reserve/book books: the same refusals,
 * and the saved document is its first occurrence.
 */
describe.each(testDatabaseKinds())('a collection create with recurrence (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })
  const ids: Record<'room' | 'service', Id> = { room: '', service: '' }
  let admin: string

  beforeAll(async () => {
    const seeded = await seedSeriesSite(site.payload, 'collection-series.test')
    Object.assign(ids, { room: seeded.room, service: seeded.service })
    admin = seeded.admin
  })

  const restCreate = (body: Doc): Promise<JsonResponse> =>
    postJson(site.payload, '/api/reservations', { customer: undefined, resource: ids.room, service: ids.service, ...body }, admin)

  const localCreate = async (body: Doc): Promise<{ doc?: Doc; error?: { data?: unknown; status?: number } }> => {
    try {
      const doc = await site.payload.create({ collection: 'reservations', data: { resource: ids.room, service: ids.service, ...body } as never })
      return { doc: doc as unknown as Doc }
    } catch (error) {
      return { error: error as { data?: unknown; status?: number } }
    }
  }

  const guest = (name: string) => ({ email: `${name.toLowerCase()}@collection-series.test`, name })

  const documents = async (where: Where) =>
    (await site.payload.find({ collection: 'reservations', depth: 0, limit: 0, pagination: false, sort: 'startTime', where })).docs as unknown as Doc[]

  const inRange = (from: string, to: string): Where => ({ resource: { equals: ids.room }, startTime: { greater_than_equal: from, less_than: to } })

  const takeTime = async (startTime: string) => {
    expect((await postJson(site.payload, '/api/reserve/book', { guest: guest('Taken'), resource: ids.room, service: ids.service, startTime })).status).toBe(201)
  }

  const claimsOnRoom = async () => (await claimsOf(ledgerServices.of(site.payload).store, String(ids.room))).overlapping(0, Number.MAX_SAFE_INTEGER).length

  it('REST: all free books every occurrence with one seriesId; the answer is the first occurrence', async () => {
    const first = at(1, 5, 9)
    const answer = await restCreate({ guest: guest('Rita'), recurrence: { count: 4, frequency: 'weekly' }, startTime: first })
    expect(answer.status).toBe(201)
    const doc = answer.body.doc as Doc
    expect(doc.startTime).toBe(first)
    expect(typeof doc.seriesId).toBe('string')
    expect(doc).not.toHaveProperty('recurrence')
    const stored = await documents({ seriesId: { equals: doc.seriesId } })
    expect(stored.map(({ startTime }) => startTime)).toEqual([0, 1, 2, 3].map((week) => plus(first, week * WEEK)))
    expect(stored[0].id).toBe(doc.id)
    expect(stored.every((occurrence) => occurrence.guest && (occurrence.guest as Doc).name === 'Rita')).toBe(true)
    // Each occurrence is in its stream, one booking each.
    for (const { id } of stored) {
      expect((await ledgerServices.of(site.payload).ledger.history(String(id))).map(({ type }) => type)).toEqual(['ReservationBooked'])
    }
  })

  it('Local API: a daily series of three, the first occurrence returned', async () => {
    const first = at(2, 2, 9)
    const { doc, error } = await localCreate({ guest: guest('Lena'), recurrence: { count: 3, frequency: 'daily' }, startTime: first })
    expect(error).toBeUndefined()
    expect(doc?.startTime).toBe(first)
    const stored = await documents({ seriesId: { equals: doc?.seriesId } })
    expect(stored.map(({ startTime }) => startTime)).toEqual([0, 1, 2].map((day) => plus(first, day * DAY)))
  })

  it('GraphQL: recurrence is a JSON input and partial a Boolean; neither is read back', async () => {
    const first = at(2, 16, 9)
    const data = { guest: guest('Gina'), recurrence: { count: 2, frequency: 'daily' }, resource: ids.room, service: ids.service, startTime: first }
    const query = 'mutation ($data: mutationReservationInput!) { createReservation(data: $data) { id startTime seriesId recurrence partial } }'
    const response = await graphqlRequest(site.payload, JSON.stringify({ query, variables: { data } }), { Authorization: `JWT ${admin}` })
    const body = await response.json()
    expect(body.errors).toBeUndefined()
    const created = body.data.createReservation
    expect(created).toMatchObject({ partial: null, recurrence: null, startTime: first })
    expect((await documents({ seriesId: { equals: created.seriesId } })).map(({ startTime }) => startTime)).toEqual([first, plus(first, DAY)])
  })

  it('one occurrence taken: 409 naming it, nothing booked (REST and Local API)', async () => {
    const first = at(3, 1, 9)
    const taken = plus(first, 2 * WEEK)
    await takeTime(taken)
    const before = { claims: await claimsOnRoom(), docs: (await documents(inRange(first, at(4, 1, 0)))).length }
    const refused = await restCreate({ guest: guest('Rob'), recurrence: { count: 4, frequency: 'weekly' }, startTime: first })
    expect(refused.status).toBe(409)
    expect(errorPaths(refused.body)).toEqual(['recurrence.occurrences.2.startTime'])
    expect(refused.body.errors[0].message).toBe(`The series cannot be booked: the time is taken on ${taken.slice(0, 10)}`)
    const local = await localCreate({ guest: guest('Rob'), recurrence: { count: 4, frequency: 'weekly' }, startTime: first })
    expect(local.error?.status).toBe(409)
    expect({ claims: await claimsOnRoom(), docs: (await documents(inRange(first, at(4, 1, 0)))).length }).toEqual(before)
  })

  it('partial: the free occurrences are booked, also when the first is taken', async () => {
    const first = at(5, 3, 9)
    await takeTime(first)
    await takeTime(plus(first, 2 * DAY))
    const answer = await restCreate({ guest: guest('Pia'), partial: true, recurrence: { count: 4, frequency: 'daily' }, startTime: first })
    expect(answer.status).toBe(201)
    const doc = answer.body.doc as Doc
    expect(doc.startTime).toBe(plus(first, DAY))
    const stored = await documents({ seriesId: { equals: doc.seriesId } })
    expect(stored.map(({ startTime }) => startTime)).toEqual([1, 3].map((day) => plus(first, day * DAY)))

    const local = await localCreate({ guest: guest('Pia'), partial: true, recurrence: { count: 5, frequency: 'daily' }, startTime: first })
    expect(local.error).toBeUndefined()
    expect(local.doc?.startTime).toBe(plus(first, 4 * DAY))
    expect(await documents({ seriesId: { equals: local.doc?.seriesId } })).toHaveLength(1)
  })

  it('a bad recurrence is a 400 on its field, nothing booked', async () => {
    const startTime = at(7, 1, 9)
    const refusal = async (body: Doc) => {
      const answer = await restCreate({ guest: guest('Bea'), startTime, ...body })
      expect(answer.status).toBe(400)
      return errorPaths(answer.body)
    }
    expect(await refusal({ recurrence: 'weekly' })).toEqual(['recurrence'])
    expect(await refusal({ recurrence: { count: 3, frequency: 'monthly' } })).toEqual(['recurrence.frequency'])
    expect(await refusal({ recurrence: { frequency: 'daily' } })).toEqual(['recurrence.count'])
    expect(await refusal({ recurrence: { count: 53, frequency: 'weekly' } })).toEqual(['recurrence.count'])
    expect(await refusal({ recurrence: { byWeekday: ['mon', 'funday'], count: 3, frequency: 'weekly' } })).toEqual(['recurrence.byWeekday'])
    expect(await refusal({ partial: 'yes', recurrence: { count: 3, frequency: 'weekly' } })).toEqual(['partial'])
    const local = await localCreate({ guest: guest('Bea'), recurrence: { count: 3, frequency: 'yearly' }, startTime })
    expect(local.error?.status).toBe(400)
    expect(errorPaths({ errors: [{ data: local.error?.data }] })).toEqual(['recurrence.frequency'])
    expect(await documents(inRange(startTime, at(8, 1, 0)))).toEqual([])
  })

  it('an update that carries recurrence or partial is refused with a 400, nothing changed', async () => {
    const created = await restCreate({ guest: guest('Uwe'), startTime: at(9, 1, 9) })
    expect(created.status).toBe(201)
    const id = String((created.body.doc as Doc).id)
    const history = async () => (await ledgerServices.of(site.payload).ledger.history(id)).length
    const before = await history()
    const update = (body: Doc) => sendJson(site.payload, 'PATCH', `/api/reservations/${id}`, body, admin)
    const withRecurrence = await update({ notes: 'weekly now', recurrence: { count: 3, frequency: 'weekly' } })
    expect(withRecurrence.status).toBe(400)
    expect(errorPaths(withRecurrence.body)).toEqual(['recurrence'])
    const withPartial = await update({ partial: true })
    expect(withPartial.status).toBe(400)
    expect(errorPaths(withPartial.body)).toEqual(['partial'])
    await expect(site.payload.update({ collection: 'reservations', data: { recurrence: { count: 2, frequency: 'daily' } } as never, id })).rejects.toMatchObject({ status: 400 })
    expect(await history()).toBe(before)
    expect((await documents({ id: { equals: id } }))[0].notes).toBeNull()
  })
})
