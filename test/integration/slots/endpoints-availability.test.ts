import { beforeAll, describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { login } from '../../helpers/payload.js'
import { getJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'

type Id = number | string

const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
const DATE = '2030-06-04'
const MISSING = 'Missing required query params: resource, date, service'
const BAD_DATE = 'Invalid date format. Expected YYYY-MM-DD'

// Refusals of malformed parameters come before any lookup, so these ids need not exist.
const ANY_IDS = { date: DATE, resource: '1', service: '1' }

const at = (time: string, date = DATE): string => `${date}T${time}:00.000Z`

describe.each(testDatabaseKinds())('availability and slots endpoints (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })
  let adminToken: string

  // Every service made so far: what a new resource offers unless told otherwise.
  const services: Id[] = []
  const service = async (data: Record<string, unknown> = {}): Promise<Id> => {
    const { id } = await site.payload.create({ collection: 'services', data: { duration: 60, name: 'Service', slotInterval: 60, ...data } })
    services.push(id)
    return id
  }

  /** A resource offering every service made so far, working `from`–`to` every day (wall clock in its zone). */
  const resource = async (data: Record<string, unknown> = {}, from = '09:00', to = '12:00'): Promise<Id> => {
    const id = (await site.payload.create({ collection: 'resources', data: { name: 'Resource', services: [...services], ...data } })).id
    await site.payload.create({
      collection: 'schedules',
      data: { name: 'Every day', recurringSlots: EVERY_DAY.map((day) => ({ day, endTime: to, startTime: from })), resource: id },
    })
    return id
  }

  const book = (data: Record<string, unknown>) => site.payload.create({ collection: 'reservations', data })

  const starts = async (endpoint: 'availability' | 'slots', params: Record<string, Id | undefined>, token?: string) => {
    const response = await getJson(site.payload, withQuery(`/api/reserve/${endpoint}`, { date: DATE, ...params } as never), token)
    expect(response.status).toBe(200)
    return (response.body.slots as Array<{ end: string; start: string }>).map((slot) => slot.start)
  }

  beforeAll(async () => {
    await site.payload.create({ collection: 'users', data: { email: 'admin@example.test', password: 'secret-password', role: 'admin' } })
    adminToken = await login(site.payload, { email: 'admin@example.test', password: 'secret-password' })
  })

  describe('error table rows', () => {
    const complete = ANY_IDS
    const omissions: Array<[string, Record<string, string>]> = [
      ['resource', { date: DATE, service: '1' }],
      ['date', { resource: '1', service: '1' }],
      ['service', { date: DATE, resource: '1' }],
      ['everything', {}],
      ['an empty resource', { ...complete, resource: '' }],
    ]

    it.each(omissions)('availability without %s: 400 { message }', async (_, params) => {
      const response = await getJson(site.payload, withQuery('/api/reserve/availability', params))
      expect(response).toEqual({ body: { message: MISSING }, status: 400 })
    })

    it.each(omissions)('slots without %s: 400 { error }', async (_, params) => {
      const response = await getJson(site.payload, withQuery('/api/reserve/slots', params))
      expect(response).toEqual({ body: { error: MISSING }, status: 400 })
    })

    it.each(['2026-02-30', '2026-13-01', '2030-6-4', '20300604', 'tomorrow', '2030-06-04T10:00:00.000Z'])(
      'availability and slots refuse the date %s with 400 { error }',
      async (date) => {
        for (const endpoint of ['availability', 'slots']) {
          const response = await getJson(site.payload, withQuery(`/api/reserve/${endpoint}`, { ...complete, date }))
          expect(response).toEqual({ body: { error: BAD_DATE }, status: 400 })
        }
      },
    )
  })

  it('offers the grid of the schedule minus what is booked, as UTC ISO strings with milliseconds', async () => {
    const s = await service()
    const r = await resource()
    const response = await getJson(site.payload, withQuery('/api/reserve/availability', { date: DATE, resource: r, service: s }))
    expect(response).toEqual({
      body: {
        slots: [
          { end: at('10:00'), start: at('09:00') },
          { end: at('11:00'), start: at('10:00') },
          { end: at('12:00'), start: at('11:00') },
        ],
      },
      status: 200,
    })
    await book({ resource: r, service: s, startTime: at('10:00') })
    expect(await starts('availability', { resource: r, service: s })).toEqual([at('09:00'), at('11:00')])
  })

  it('slots echoes the date and the guest count clamped to at least 1', async () => {
    const s = await service()
    const r = await resource()
    for (const [given, echoed] of [
      [undefined, 1],
      ['', 1],
      ['0', 1],
      ['-7', 1],
      ['3', 3],
    ] as const) {
      const response = await getJson(
        site.payload,
        withQuery('/api/reserve/slots', { date: DATE, guestCount: given, resource: r, service: s }),
      )
      expect(response.status).toBe(200)
      expect(response.body).toMatchObject({ date: DATE, guestCount: echoed })
      expect(response.body.slots).toHaveLength(3)
    }
  })

  it('refuses a guest count that is not a whole number', async () => {
    for (const guestCount of ['1.5', 'two', '1e2', '0x2']) {
      for (const endpoint of ['availability', 'slots']) {
        const response = await getJson(site.payload, withQuery(`/api/reserve/${endpoint}`, { ...ANY_IDS, guestCount }))
        expect(response).toEqual({ body: { error: 'guestCount must be a whole number' }, status: 400 })
      }
    }
  })

  it('filters per-guest capacity by the guest count', async () => {
    const s = await service()
    const r = await resource({ capacityMode: 'per-guest', quantity: 4 })
    await book({ guestCount: 3, resource: r, service: s, startTime: at('09:00') })
    expect(await starts('slots', { guestCount: 1, resource: r, service: s })).toEqual([at('09:00'), at('10:00'), at('11:00')])
    expect(await starts('slots', { guestCount: 2, resource: r, service: s })).toEqual([at('10:00'), at('11:00')])
    expect(await starts('slots', { guestCount: 5, resource: r, service: s })).toEqual([])
  })

  it('rule 1 and 2: a slot needs every resource of the caller set and of requiredResources free', async () => {
    const room = await resource({ name: 'Room' }, '00:00', '24:00')
    const s = await service({ requiredResources: [room] })
    const other = await service()
    const alice = await resource({ name: 'Alice' })
    const bob = await resource({ name: 'Bob' })
    const carol = await resource({ name: 'Carol' })
    // Bob's booking takes the room at 10:00 (items filled from requiredResources).
    await book({ resource: bob, service: s, startTime: at('10:00') })
    expect(await starts('availability', { resource: alice, service: s })).toEqual([at('09:00'), at('11:00')])
    // Carol is busy at 11:00: with resources=alice,carol both must be free.
    await book({ resource: carol, service: other, startTime: at('11:00') })
    expect(await starts('availability', { resource: alice, resources: `${alice},${carol}`, service: s })).toEqual([at('09:00')])
    expect(await starts('slots', { resource: alice, resources: `${alice},${carol}`, service: s })).toEqual([at('09:00')])
  })

  it('keeps the buffers of the service and of neighbouring bookings', async () => {
    const s = await service({ bufferTimeAfter: 30, bufferTimeBefore: 0, duration: 30, slotInterval: 30 })
    const r = await resource()
    await book({ resource: r, service: s, startTime: at('10:00') })
    // Blocked [10:00, 11:00): 09:30 would end at 10:00 but its own buffer reaches 10:30.
    expect(await starts('availability', { resource: r, service: s })).toEqual([at('09:00'), at('11:00'), at('11:30')])
  })

  it('offers a full-day service as the whole local day of the resource', async () => {
    const s = await service({ durationType: 'full-day' })
    const r = await resource({ timezone: 'Asia/Tokyo' })
    const response = await getJson(site.payload, withQuery('/api/reserve/slots', { date: DATE, resource: r, service: s }))
    expect(response.body.slots).toEqual([{ end: '2030-06-04T15:00:00.000Z', start: '2030-06-03T15:00:00.000Z' }])
  })

  it('reads the date as the local day of the primary resource', async () => {
    const s = await service()
    const tokyo = await resource({ timezone: 'Asia/Tokyo' }, '09:00', '10:00')
    const honolulu = await resource({ timezone: 'Pacific/Honolulu' }, '09:00', '10:00')
    expect(await starts('availability', { resource: tokyo, service: s })).toEqual(['2030-06-04T00:00:00.000Z'])
    expect(await starts('availability', { resource: honolulu, service: s })).toEqual(['2030-06-04T19:00:00.000Z'])
  })

  it('offers no slot that has already started', async () => {
    const s = await service({ duration: 30, slotInterval: 30 })
    const r = await resource({}, '00:00', '24:00')
    const before = Date.now()
    const today = new Date(before).toISOString().slice(0, 10)
    const response = await getJson(site.payload, withQuery('/api/reserve/slots', { date: today, resource: r, service: s }))
    const offered = (response.body.slots as Array<{ start: string }>).map((slot) => Date.parse(slot.start))
    expect(offered.every((start) => start >= before)).toBe(true)
    expect(offered.length).toBeLessThan(48)
    const tomorrow = new Date(before + 86_400_000).toISOString().slice(0, 10)
    const next = await getJson(site.payload, withQuery('/api/reserve/slots', { date: tomorrow, resource: r, service: s }))
    expect(next.body.slots).toHaveLength(48)
  })

  it('answers 404 for a service or resource that does not exist', async () => {
    const s = await service()
    const r = await resource()
    const cases: Array<[Record<string, Id>, string]> = [
      [{ resource: 987654, service: s }, 'Resource not found'],
      [{ resource: 'not-an-id', service: s }, 'Resource not found'],
      [{ resource: r, resources: `${r},987654`, service: s }, 'Resource not found'],
      [{ resource: r, service: 987654 }, 'Service not found'],
      [{ resource: r, service: 'not-an-id' }, 'Service not found'],
    ]
    for (const [params, error] of cases) {
      for (const endpoint of ['availability', 'slots']) {
        const response = await getJson(site.payload, withQuery(`/api/reserve/${endpoint}`, { date: DATE, ...params }))
        expect(response).toEqual({ body: { error }, status: 404 })
      }
    }
  })

  it('respects read access: an inactive resource exists only for staff, who are offered no slots on it', async () => {
    const s = await service()
    const r = await resource({ active: false })
    const anonymous = await getJson(site.payload, withQuery('/api/reserve/availability', { date: DATE, resource: r, service: s }))
    expect(anonymous).toEqual({ body: { error: 'Resource not found' }, status: 404 })
    // Inactive takes no bookings (enforceActive), staff's included.
    expect(await starts('availability', { resource: r, service: s }, adminToken)).toHaveLength(0)
  })

  it('respects read access: an inactive service exists only for staff, who are offered no slots for it', async () => {
    const s = await service({ active: false })
    const r = await resource()
    const anonymous = await getJson(site.payload, withQuery('/api/reserve/slots', { date: DATE, resource: r, service: s }))
    expect(anonymous).toEqual({ body: { error: 'Service not found' }, status: 404 })
    expect(await starts('slots', { resource: r, service: s }, adminToken)).toHaveLength(0)
  })

  it('caps resources= at 20 ids', async () => {
    const s = await service()
    const r = await resource()
    const twenty = Array.from({ length: 20 }, () => r).join(',')
    expect(await starts('availability', { resource: r, resources: twenty, service: s })).toHaveLength(3)
    const response = await getJson(
      site.payload,
      withQuery('/api/reserve/availability', { date: DATE, resource: r, resources: `${twenty},${r}`, service: s }),
    )
    expect(response).toEqual({ body: { error: 'resources may list at most 20 ids' }, status: 400 })
  })

  it('reads the database a fixed, small number of times per query, however many slots the day has', async () => {
    const s = await service({ duration: 15, slotInterval: 15 })
    const busyDay = await resource({}, '00:00', '24:00')
    const shortDay = await resource({}, '09:00', '09:15')
    await book({ resource: busyDay, service: s, startTime: at('12:00') })
    // Reference data read this soon after its records were written is not cached yet (it may
    // race the write's commit); past that, a warm query reads no reference data at all.
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    type Reader = Record<string, (...args: unknown[]) => unknown>
    // Payload's reads, and the event store's own (on SQL adapters it bypasses payload.db).
    const readers: Array<[Reader, string[]]> = [
      [site.payload.db as unknown as Reader, ['count', 'find', 'findOne']],
      [ledgerServices.of(site.payload).store as unknown as Reader, ['readAll', 'readStream', 'streamRevision']],
    ]
    const readsFor = async (r: Id): Promise<number> => {
      // Warm: the first query loads reference data and hydrates the busy index.
      await starts('slots', { resource: r, service: s })
      let reads = 0
      const restore: Array<() => void> = []
      for (const [target, names] of readers) {
        for (const name of names) {
          const original = target[name]
          target[name] = (...args: unknown[]) => {
            reads += 1
            return original.apply(target, args)
          }
          restore.push(() => {
            target[name] = original
          })
        }
      }
      try {
        await starts('slots', { resource: r, service: s })
      } finally {
        restore.forEach((undo) => undo())
      }
      return reads
    }
    expect((await starts('slots', { resource: busyDay, service: s })).length).toBe(95)
    const busyReads = await readsFor(busyDay)
    expect(busyReads).toBe(await readsFor(shortDay))
    // Services and resources are public here: access answers without a query, and the one
    // read left is the resource's stream head.
    expect(busyReads).toBe(1)
  })

  it('sees a change of schedule or service at once', async () => {
    const s = await service()
    const r = await resource()
    expect(await starts('availability', { resource: r, service: s })).toHaveLength(3)
    const { docs } = await site.payload.find({ collection: 'schedules', where: { resource: { equals: r } } })
    await site.payload.update({ collection: 'schedules', data: { exceptions: [{ date: DATE }] }, id: docs[0].id })
    expect(await starts('availability', { resource: r, service: s })).toEqual([])
    await site.payload.update({ collection: 'schedules', data: { exceptions: [] }, id: docs[0].id })
    await site.payload.update({ collection: 'services', data: { duration: 90, slotInterval: 90 }, id: s })
    expect(await starts('availability', { resource: r, service: s })).toEqual([at('09:00'), at('10:30')])
    await site.payload.delete({ collection: 'schedules', id: docs[0].id })
    expect(await starts('availability', { resource: r, service: s })).toEqual([])
  })
})
