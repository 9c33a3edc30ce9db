import { beforeAll, describe, expect, it } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { login } from '../../helpers/payload.js'
import { getJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'

type Id = number | string

const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
const DATE = '2030-06-04'

const at = (time: string): string => `${DATE}T${time}:00.000Z`

// Issue 13, defect 3: editing an 11:00–11:30 booking, the picker hid 10:45, 11:00 and 11:15.
describe.each(testDatabaseKinds())('slots and availability with exclude: the booking being moved (%s)', (kind) => {
  const site = usePayloadOn(kind, { resourceOwnerMode: { adminRoles: ['admin'] } })
  const tokens: Record<'admin' | 'bob' | 'carol', string> = { admin: '', bob: '', carol: '' }
  let serviceId: Id
  let resourceId: Id
  let bookingId: Id

  beforeAll(async () => {
    for (const [name, role] of [['admin', 'admin'], ['bob', 'staff'], ['carol', 'staff']] as const) {
      const email = `${name}@example.test`
      await site.payload.create({ collection: 'users', data: { email, password: 'secret-password', role } })
      tokens[name] = await login(site.payload, { email, password: 'secret-password' })
    }
    const bob = (await site.payload.find({ collection: 'users', where: { email: { equals: 'bob@example.test' } } })).docs[0]
    serviceId = (await site.payload.create({ collection: 'services', data: { duration: 30, name: 'Check-up', slotInterval: 15 } })).id
    resourceId = (await site.payload.create({ collection: 'resources', data: { name: 'Dr Bob', owner: bob.id, services: [serviceId], timezone: 'UTC' } })).id
    await site.payload.create({
      collection: 'schedules',
      data: { name: 'Every day', recurringSlots: EVERY_DAY.map((day) => ({ day, endTime: '12:00', startTime: '10:00' })), resource: resourceId },
    })
    const booking = await site.payload.create({
      collection: 'reservations',
      data: { guestName: 'Ada', resource: resourceId, service: serviceId, startTime: at('11:00'), status: 'confirmed' },
    })
    bookingId = booking.id
  })

  const ask = (endpoint: 'availability' | 'slots', token: string | undefined, exclude?: Id) =>
    getJson(site.payload, withQuery(`/api/reserve/${endpoint}`, { date: DATE, exclude, resource: resourceId, service: serviceId } as never), token)

  const starts = (body: Record<string, unknown>) => (body.slots as Array<{ start: string }>).map(({ start }) => start.slice(11, 16))

  it.each(['availability', 'slots'] as const)('%s without exclude counts the booking: 10:45, 11:00 and 11:15 are taken', async (endpoint) => {
    const response = await ask(endpoint, tokens.admin)
    expect(response.status).toBe(200)
    expect(starts(response.body)).toEqual(['10:00', '10:15', '10:30', '11:30'])
  })

  it.each(['availability', 'slots'] as const)('%s with exclude offers the times the booking may move to, its own included', async (endpoint) => {
    const response = await ask(endpoint, tokens.admin, bookingId)
    expect(response.status).toBe(200)
    expect(starts(response.body)).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30'])
  })

  it('the owner of the resource may exclude its booking; staff who may not edit it are told it does not exist', async () => {
    expect(starts((await ask('slots', tokens.bob, bookingId)).body)).toContain('11:15')
    for (const token of [tokens.carol, undefined]) {
      expect(await ask('slots', token, bookingId)).toEqual({ body: { error: 'Reservation not found' }, status: 404 })
    }
  })

  it('an unknown or malformed reservation id is 404, a repeated exclude 400', async () => {
    for (const exclude of ['999999', 'not-an-id']) {
      expect(await ask('slots', tokens.admin, exclude)).toEqual({ body: { error: 'Reservation not found' }, status: 404 })
    }
    const repeated = await getJson(
      site.payload,
      `/api/reserve/slots?date=${DATE}&resource=${resourceId}&service=${serviceId}&exclude=${bookingId}&exclude=${bookingId}`,
      tokens.admin,
    )
    expect(repeated).toEqual({ body: { error: 'exclude must be a single reservation id' }, status: 400 })
  })
})
