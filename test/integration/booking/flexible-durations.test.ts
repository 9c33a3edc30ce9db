import type { Payload } from 'payload'

import { beforeAll, describe, expect, it } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { login } from '../../helpers/payload.js'
import { getJson, postJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN, errorPaths } from '../support/plugin-http.js'

const MINUTE = 60_000
const guest = { email: 'flex@example.test', name: 'Flo' }
const at = (day: string, time: string) => `${day}T${time}:00.000Z`
const lengthOf = ({ endTime, startTime }: { endTime: string; startTime: string }) => (Date.parse(endTime) - Date.parse(startTime)) / MINUTE

const seed = async (payload: Payload) => {
  const flexible = await payload.create({
    collection: 'services',
    data: { allowGuestBooking: 'enabled', duration: 30, durationType: 'flexible', maxFlexibleDuration: 120, name: 'Studio hire', slotInterval: 15 },
  })
  const fixed = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Lesson' } })
  const studio = await payload.create({ collection: 'resources', data: { name: 'Studio', quantity: 1, services: [flexible.id, fixed.id] } })
  await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: studio.id } })
  return { fixed: fixed.id, flexible: flexible.id, studio: studio.id }
}

describe.each(testDatabaseKinds())('flexible durations (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true, maxFlexibleDuration: 240 })
  let ids: Awaited<ReturnType<typeof seed>>
  const book = (body: Record<string, unknown>) =>
    postJson(site.payload, '/api/reserve/book', { guest, resource: ids.studio, service: ids.flexible, ...body })
  const slots = (date: string, params: Record<string, string | number | undefined> = {}, service = ids.flexible) =>
    getJson(site.payload, withQuery('/api/reserve/slots', { date, resource: ids.studio, service: String(service), ...params }))

  beforeAll(async () => {
    ids = await seed(site.payload)
  })

  const staffToken = async () => {
    const admin = { email: 'flex-admin@example.test', password: 'secret-password' }
    await site.payload.create({ collection: 'users', data: { ...admin, role: 'admin' } })
    return login(site.payload, admin)
  }

  it('books the length the booker chooses, and the shortest when none is given', async () => {
    const chosen = await book({ endTime: at('2031-03-03', '11:30'), startTime: at('2031-03-03', '10:00') })
    expect(chosen.status).toBe(201)
    expect(lengthOf(chosen.body)).toBe(90)
    const shortest = await book({ startTime: at('2031-03-03', '14:00') })
    expect(shortest.status).toBe(201)
    expect(lengthOf(shortest.body)).toBe(30)
  })

  it.each([
    ['shorter than the duration', '09:20'],
    ['longer than maxFlexibleDuration', '11:15'],
    ['off the slot grid', '09:40'],
  ])('refuses an end %s: 400 on endTime, nothing booked', async (_case, end) => {
    const refused = await book({ endTime: at('2031-03-04', end), startTime: at('2031-03-04', '09:00') })
    expect(refused.status).toBe(400)
    expect(errorPaths(refused.body)).toEqual(['endTime'])
    expect(refused.body.errors[0].data.errors[0].message).toBe('endTime must make the booking from 30 to 120 minutes, in steps of 15 long')
    expect((await slots('2031-03-04', { duration: 30 })).body.slots[36]).toEqual({ end: at('2031-03-04', '09:30'), start: at('2031-03-04', '09:00') })
  })

  it('offers slots of the length asked for, which a longer booking blocks', async () => {
    const ninety = await slots('2031-03-05', { duration: 90 })
    expect(ninety.status).toBe(200)
    expect(ninety.body.slots.every((slot: { end: string; start: string }) => lengthOf({ endTime: slot.end, startTime: slot.start }) === 90)).toBe(true)
    // /availability takes the length too, and offers the same.
    const available = await getJson(
      site.payload,
      withQuery('/api/reserve/availability', { date: '2031-03-05', duration: '90', resource: ids.studio, service: String(ids.flexible) }),
    )
    expect(available).toMatchObject({ body: { slots: ninety.body.slots }, status: 200 })
    expect(ninety.body.slots.length).toBeGreaterThan(0)
    expect((await slots('2031-03-05')).body.slots[0]).toEqual({ end: at('2031-03-05', '00:30'), start: at('2031-03-05', '00:00') })

    expect((await book({ endTime: at('2031-03-05', '12:00'), startTime: at('2031-03-05', '10:00') })).status).toBe(201)
    const starts = (await slots('2031-03-05', { duration: 30 })).body.slots.map((slot: { start: string }) => slot.start.slice(11, 16))
    expect(starts).toContain('09:30')
    expect(starts).not.toContain('10:00')
    expect(starts).not.toContain('11:45')
    expect(starts).toContain('12:00')
  })

  it('answers a duration the service does not offer with 400', async () => {
    expect(await slots('2031-03-06', { duration: 135 })).toMatchObject({
      body: { error: 'duration must be from 30 to 120 minutes, in steps of 15 for this service' },
      status: 400,
    })
    expect(await slots('2031-03-06', { duration: 'long' })).toMatchObject({ body: { error: 'duration must be a whole number of minutes' }, status: 400 })
    expect((await slots('2031-03-06', { duration: 60 }, ids.fixed)).status).toBe(200)
    expect(await slots('2031-03-06', { duration: 30 }, ids.fixed)).toMatchObject({
      body: { error: 'duration must be 60 minutes for this service' },
      status: 400,
    })
  })

  it('a move keeps the booking its length', async () => {
    const booked = await book({ endTime: at('2031-03-07', '10:45'), startTime: at('2031-03-07', '10:00') })
    const moved = await site.payload.update({ collection: 'reservations', data: { startTime: at('2031-03-07', '15:00') }, id: booked.body.id })
    expect([moved.startTime, moved.endTime]).toEqual([at('2031-03-07', '15:00'), at('2031-03-07', '15:45')])
  })

  it("a flexible service's longest booking is no shorter than its duration, its own or the plugin's", async () => {
    const create = (data: Record<string, unknown>) =>
      site.payload.create({ collection: 'services', data: { duration: 60, durationType: 'flexible', name: 'Bad', ...data } })
    await expect(create({ maxFlexibleDuration: 45 })).rejects.toMatchObject({ data: { errors: [{ message: 'Must be at least the duration', path: 'maxFlexibleDuration' }] } })
    await expect(create({ duration: 300 })).rejects.toMatchObject({
      data: { errors: [{ message: "A flexible service longer than the plugin's maxFlexibleDuration (240 minutes) needs its longest booking", path: 'maxFlexibleDuration' }] },
    })
  })

  it("a flexible service without its own longest booking is accepted and books up to the plugin's maxFlexibleDuration", async () => {
    const created = await postJson(
      site.payload,
      '/api/services',
      { allowGuestBooking: 'enabled', duration: 60, durationType: 'flexible', name: 'Hall hire', slotInterval: 30 },
      await staffToken(),
    )
    expect(created.status).toBe(201)
    expect(created.body.doc.maxFlexibleDuration ?? null).toBeNull()
    const hall = await site.payload.create({ collection: 'resources', data: { name: 'Hall', quantity: 1, services: [created.body.doc.id] } })
    await site.payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: hall.id } })
    const bookHall = (end: string) =>
      postJson(site.payload, '/api/reserve/book', { endTime: at('2031-03-10', end), guest, resource: hall.id, service: created.body.doc.id, startTime: at('2031-03-10', '08:00') })
    const tooLong = await bookHall('12:30')
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.errors[0].data.errors[0].message).toBe('endTime must make the booking from 60 to 240 minutes, in steps of 30 long')
    const longest = await bookHall('12:00')
    expect(longest.status).toBe(201)
    expect(lengthOf(longest.body)).toBe(240)
  })
})
