import { describe, expect, it } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { getJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'

type Id = number | string

const PATH = '/api/reserve/resource-availability'
const MISSING = 'Missing required query params: resource, start, end'
const INVALID = 'Invalid start/end date'

describe.each(testDatabaseKinds())('resource-availability endpoint (%s)', (kind) => {
  const site = usePayloadOn(kind)

  const create = async (collection: 'resources' | 'schedules' | 'services', data: Record<string, unknown>): Promise<Id> =>
    (await site.payload.create({ collection, data: { name: collection, ...data } as never })).id

  const book = (data: Record<string, unknown>) => site.payload.create({ collection: 'reservations', data })

  const range = (params: Record<string, Id | undefined>) => getJson(site.payload, withQuery(PATH, params as never))

  describe('error table rows', () => {
    it.each([
      ['resource', { end: '2030-06-02', start: '2030-06-01' }],
      ['start', { end: '2030-06-02', resource: '1' }],
      ['end', { resource: '1', start: '2030-06-01' }],
      ['everything', {}],
    ])('without %s: 400 { error }', async (_, params) => {
      expect(await range(params)).toEqual({ body: { error: MISSING }, status: 400 })
    })

    it.each(['2026-02-30', 'yesterday', '2030-06-01T10:00', '2030-06-01T25:00:00Z', '2030-06-01T10:00:00+25:00', '1717200000000'])(
      'an unparseable bound %s: 400 { error }',
      async (bad) => {
        expect(await range({ end: '2030-06-02', resource: '1', start: bad })).toEqual({ body: { error: INVALID }, status: 400 })
        expect(await range({ end: bad, resource: '1', start: '2030-06-01' })).toEqual({ body: { error: INVALID }, status: 400 })
      },
    )
  })

  it('answers 404 for an unknown resource and 400 for an empty or reversed range', async () => {
    const resource = await create('resources', {})
    expect(await range({ end: '2030-06-02', resource: 987654, start: '2030-06-01' })).toEqual({
      body: { error: 'Resource not found' },
      status: 404,
    })
    for (const [start, end] of [
      ['2030-06-02', '2030-06-02'],
      ['2030-06-03', '2030-06-02'],
    ]) {
      expect(await range({ end, resource, start })).toEqual({ body: { error: 'end must be after start' }, status: 400 })
    }
  })

  it('allows a range of 92 days and refuses 93', async () => {
    const resource = await create('resources', {})
    const ok = await range({ end: '2030-04-03', resource, start: '2030-01-01' })
    expect(ok.status).toBe(200)
    expect(ok.body.days).toHaveLength(92)
    expect(await range({ end: '2030-04-04', resource, start: '2030-01-01' })).toEqual({
      body: { error: 'The range from start to end must not span more than 92 days' },
      status: 400,
    })
  })

  it('reports capacity, shift windows, time off and partial exceptions per local day', async () => {
    const resource = await create('resources', { capacityMode: 'per-guest', quantity: 6, timezone: 'Europe/Berlin' })
    await create('schedules', {
      exceptions: [
        { date: '2030-06-04', reason: 'Conference', type: 'training' },
        { date: '2030-06-05', endTime: '13:00', startTime: '12:00' },
      ],
      manualSlots: [{ date: '2030-06-03', endTime: '20:00', startTime: '18:00' }],
      recurringSlots: ['mon', 'tue', 'wed'].map((day) => ({ day, endTime: '17:00', startTime: '09:00' })),
      resource,
    })
    const response = await range({ end: '2030-06-06', resource, start: '2030-06-03' })
    expect(response).toEqual({
      body: {
        busy: [],
        capacityMode: 'per-guest',
        days: [
          {
            date: '2030-06-03',
            shiftWindows: [
              { end: '2030-06-03T15:00:00.000Z', start: '2030-06-03T07:00:00.000Z' },
              { end: '2030-06-03T18:00:00.000Z', start: '2030-06-03T16:00:00.000Z' },
            ],
            timeOff: [],
          },
          {
            date: '2030-06-04',
            shiftWindows: [],
            timeOff: [{ end: '2030-06-04T22:00:00.000Z', reason: 'Conference', start: '2030-06-03T22:00:00.000Z', type: 'training' }],
          },
          {
            date: '2030-06-05',
            shiftWindows: [
              { end: '2030-06-05T10:00:00.000Z', start: '2030-06-05T07:00:00.000Z' },
              { end: '2030-06-05T15:00:00.000Z', start: '2030-06-05T11:00:00.000Z' },
            ],
            timeOff: [],
          },
        ],
        external: [],
        quantity: 6,
        requiredPools: [],
      },
      status: 200,
    })
  })

  it('lists busy intervals with units, buffers included, through resource or items.resource', async () => {
    const buffered = await create('services', { bufferTimeAfter: 15, bufferTimeBefore: 5, duration: 60 })
    const guests = await create('resources', { capacityMode: 'per-guest', quantity: 10, services: [buffered] })
    const plain = await create('resources', { quantity: 2, services: [buffered] })
    await book({ guestCount: 4, resource: guests, service: buffered, startTime: '2030-07-01T10:00:00.000Z' })
    await book({ guestCount: 3, resource: plain, service: buffered, startTime: '2030-07-01T12:00:00.000Z' })
    // A booking of `plain` that also takes `guests` as an item.
    await book({ items: [{ resource: guests }], resource: plain, service: buffered, startTime: '2030-07-01T14:00:00.000Z' })
    // Outside the range: not listed.
    await book({ resource: guests, service: buffered, startTime: '2030-07-03T10:00:00.000Z' })

    const guestRange = await range({ end: '2030-07-02T00:00:00Z', resource: guests, start: '2030-07-01T00:00:00Z' })
    expect(guestRange.body.busy).toEqual([
      { end: '2030-07-01T11:15:00.000Z', start: '2030-07-01T09:55:00.000Z', units: 4 },
      { end: '2030-07-01T15:15:00.000Z', start: '2030-07-01T13:55:00.000Z', units: 1 },
    ])
    const plainRange = await range({ end: '2030-07-02', resource: plain, start: '2030-07-01' })
    expect(plainRange.body).toMatchObject({ capacityMode: 'per-reservation', quantity: 2 })
    expect(plainRange.body.busy.map((b: { units: number }) => b.units)).toEqual([1, 1])
  })

  it('takes date-times with an offset, also when the + arrived as a space', async () => {
    const service = await create('services', { duration: 60 })
    const resource = await create('resources', { services: [service] })
    await book({ resource, service, startTime: '2030-08-01T10:00:00.000Z' })
    const expected = [{ end: '2030-08-01T11:00:00.000Z', start: '2030-08-01T10:00:00.000Z', units: 1 }]
    const plus = await getJson(site.payload, `${PATH}?resource=${resource}&start=2030-08-01T11:30:00+02:00&end=2030-08-01T12:30:00%2B02:00`)
    expect(plus.body.busy).toEqual(expected)
    const after = await range({ end: '2030-08-01T14:00:00+02:00', resource, start: '2030-08-01T13:00:00+02:00' })
    expect(after.body.busy).toEqual([])
  })

  it('shows the pools that the services of the resource require, with their bookings by others', async () => {
    const room = await create('resources', { quantity: 2 })
    const massage = await create('services', { duration: 60, requiredResources: [room] })
    const alice = await create('resources', { services: [massage] })
    const bob = await create('resources', { services: [massage] })
    await book({ resource: bob, service: massage, startTime: '2030-09-02T10:00:00.000Z' })
    const response = await range({ end: '2030-09-03', resource: alice, start: '2030-09-02' })
    expect(response.body.busy).toEqual([])
    expect(response.body.requiredPools).toEqual([
      { busy: [{ end: '2030-09-02T11:00:00.000Z', start: '2030-09-02T10:00:00.000Z', units: 1 }], quantity: 2 },
    ])
  })
})
