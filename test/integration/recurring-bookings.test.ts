import type { Payload } from 'payload'

import { Readable, Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { exportLedger } from '../../src/ledger-io/export.js'
import { LEDGER_FORMAT_VERSION } from '../../src/ledger-io/format.js'
import { restoreLedger } from '../../src/plugin/restore-ledger.js'
import { getRuntime } from '../../src/plugin/runtime.js'
import { rebuildReservations } from '../../src/projections/rebuild.js'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../helpers/databases.js'
import { login, stopPayload } from '../helpers/payload.js'
import { type JsonResponse, postJson } from '../support/http.js'
import { startReservePayload } from '../support/reserve-payload.js'
import { usePayloadOn } from '../support/suite-payload.js'
import { ALWAYS_OPEN, errorPaths } from './plugin-http.js'

type Id = number | string

const PASSWORD = 'pw-123456'
const DAY = 86_400_000
const WEEK = 7 * DAY

/** Far enough ahead that no window or past rule interferes: `2031-<month>-<day>T<hour>:00Z`. */
const at = (month: number, day: number, hour: number) =>
  `2031-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString()

/** The ledger as NDJSON text. */
const exported = async (payload: Payload): Promise<string> => {
  const chunks: string[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk))
      done()
    },
  })
  await exportLedger(getRuntime(payload).store, sink)
  return chunks.join('')
}

const messages = (body: unknown): string[] =>
  ((body as { errors?: Array<{ data?: { errors?: Array<{ message?: string }> } }> } | null)?.errors ?? []).flatMap((error) =>
    (error.data?.errors ?? []).map(({ message }) => String(message)),
  )

describe.each(testDatabaseKinds())('recurring bookings (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })
  const ids: Record<'room' | 'service' | 'zoned', Id> = { room: '', service: '', zoned: '' }
  let admin: string
  let ann: string

  beforeAll(async () => {
    const { payload } = site
    const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Lesson' } })
    const room = await payload.create({ collection: 'resources', data: { name: 'Studio', quantity: 1, services: [service.id] } })
    const zoned = await payload.create({
      collection: 'resources',
      data: { name: 'Berlin studio', quantity: 1, services: [service.id], timezone: 'Europe/Berlin' },
    })
    for (const resource of [room, zoned]) {
      await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    }
    Object.assign(ids, { room: room.id, service: service.id, zoned: zoned.id })
    await payload.create({ collection: 'users', data: { email: 'admin@series.test', password: PASSWORD, role: 'admin' } })
    await payload.create({ collection: 'users', data: { email: 'ann@series.test', password: PASSWORD, role: 'customer' } })
    admin = await login(payload, { email: 'admin@series.test', password: PASSWORD })
    ann = await login(payload, { email: 'ann@series.test', password: PASSWORD })
  })

  const book = (body: Record<string, unknown>, token?: string): Promise<JsonResponse> =>
    postJson(site.payload, '/api/reserve/book', { resource: ids.room, service: ids.service, ...body }, token)

  const cancel = (body: Record<string, unknown>, token?: string): Promise<JsonResponse> =>
    postJson(site.payload, '/api/reserve/cancel', body, token)

  const documents = async (where: Record<string, unknown> = {}) =>
    (
      await site.payload.find({ collection: 'reservations', depth: 0, limit: 0, pagination: false, sort: 'startTime', where })
    ).docs as unknown as Array<Record<string, unknown>>

  const claimsOn = async (resource: Id) => (await getRuntime(site.payload).busy.current(String(resource))).state.index.overlapping(0, Number.MAX_SAFE_INTEGER).length

  it('a weekly series books every occurrence with one seriesId, at the same time each week', async () => {
    const first = at(1, 6, 9)
    const answer = await book({ recurrence: { count: 5, frequency: 'weekly' }, startTime: first }, ann)
    expect(answer.status).toBe(201)
    const { reservations, seriesId, skipped } = answer.body
    expect(skipped).toEqual([])
    expect(reservations.map((doc: { startTime: string }) => doc.startTime)).toEqual([0, 1, 2, 3, 4].map((week) => plus(first, week * WEEK)))
    expect(reservations.every((doc: { seriesId: string }) => doc.seriesId === seriesId)).toBe(true)
    const stored = await documents({ seriesId: { equals: seriesId } })
    expect(stored.map(({ startTime }) => startTime)).toEqual(reservations.map((doc: { startTime: string }) => doc.startTime))
    expect(stored.every(({ cancellationToken }) => cancellationToken === undefined)).toBe(true)
  })

  it('a series that conflicts in its 7th week: nothing is booked, and all conflicts are named', async () => {
    const first = at(3, 3, 9)
    const week7 = plus(first, 6 * WEEK)
    const week10 = plus(first, 9 * WEEK)
    for (const startTime of [week7, week10]) {
      expect((await book({ guest: { email: 'taken@series.test', name: 'Taken' }, startTime })).status).toBe(201)
    }
    const before = { claims: await claimsOn(ids.room), docs: (await documents()).length }
    const refused = await book({ recurrence: { count: 12, frequency: 'weekly' }, startTime: first }, ann)
    expect(refused.status).toBe(409)
    expect(errorPaths(refused.body)).toEqual(['recurrence.occurrences.6.startTime', 'recurrence.occurrences.9.startTime'])
    expect(messages(refused.body)[0]).toContain(week7.slice(0, 10))
    expect(messages(refused.body)[1]).toContain(week10.slice(0, 10))
    expect({ claims: await claimsOn(ids.room), docs: (await documents()).length }).toEqual(before)
  })

  it('partial: the free occurrences are booked and the skipped ones reported', async () => {
    const first = at(3, 4, 9)
    const taken = plus(first, 2 * DAY)
    expect((await book({ guest: { email: 'taken@series.test', name: 'Taken' }, startTime: taken })).status).toBe(201)
    const answer = await book({ partial: true, recurrence: { count: 5, frequency: 'daily' }, startTime: first }, ann)
    expect(answer.status).toBe(201)
    expect(answer.body.reservations.map((doc: { startTime: string }) => doc.startTime)).toEqual([0, 1, 3, 4].map((day) => plus(first, day * DAY)))
    expect(answer.body.skipped).toEqual([
      { index: 2, message: expect.stringContaining(taken.slice(0, 10)), path: 'recurrence.occurrences.2.startTime', startTime: taken },
    ])
  })

  it('validates the recurrence with field paths', async () => {
    const startTime = at(6, 2, 9)
    const refusal = async (recurrence: unknown, extra: Record<string, unknown> = {}) => {
      const answer = await book({ recurrence, startTime, ...extra }, ann)
      expect(answer.status).toBe(400)
      return errorPaths(answer.body)
    }
    expect(await refusal('weekly')).toEqual(['recurrence'])
    expect(await refusal({ count: 3, frequency: 'monthly' })).toEqual(['recurrence.frequency'])
    expect(await refusal({ count: 3, frequency: 'daily', interval: 0 })).toEqual(['recurrence.interval'])
    expect(await refusal({ count: 3, frequency: 'daily', interval: 1.5 })).toEqual(['recurrence.interval'])
    expect(await refusal({ frequency: 'daily' })).toEqual(['recurrence.count'])
    expect(await refusal({ count: 3, frequency: 'daily', until: '2031-07-01' })).toEqual(['recurrence.count'])
    expect(await refusal({ count: 53, frequency: 'weekly' })).toEqual(['recurrence.count'])
    expect(await refusal({ count: 0, frequency: 'weekly' })).toEqual(['recurrence.count'])
    expect(await refusal({ frequency: 'weekly', until: '2031-06-02' })).toEqual(['recurrence.until'])
    expect(await refusal({ frequency: 'weekly', until: 'next year' })).toEqual(['recurrence.until'])
    expect(await refusal({ byWeekday: ['mon', 'funday'], count: 3, frequency: 'weekly' })).toEqual(['recurrence.byWeekday'])
    expect(await refusal({ byWeekday: [], count: 3, frequency: 'weekly' })).toEqual(['recurrence.byWeekday'])
    expect(await refusal({ count: 3, frequency: 'weekly', interval: 'x' }, {})).toEqual(['recurrence.interval'])
    expect(await refusal({ count: 3, frequency: 'weekly' }, { partial: 'yes' })).toEqual(['partial'])
    // More than 52 occurrences up to `until`.
    expect(await refusal({ frequency: 'daily', until: '2031-09-30' })).toEqual(['recurrence.until'])
    expect(await refusal({ frequency: 'bogus', interval: -1 })).toEqual(['recurrence.frequency', 'recurrence.interval', 'recurrence.count'])
    expect(await documents({ startTime: { greater_than_equal: startTime, less_than: at(10, 1, 0) } })).toEqual([])
  })

  it('52 occurrences are accepted', async () => {
    const answer = await book({ recurrence: { count: 52, frequency: 'daily' }, startTime: at(8, 1, 9) }, admin)
    expect(answer.status).toBe(201)
    expect(answer.body.reservations).toHaveLength(52)
  })
})
