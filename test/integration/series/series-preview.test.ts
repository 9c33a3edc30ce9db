import { beforeAll, describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { type JsonResponse, postJson } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { errorPaths } from '../support/plugin-http.js'
import { seedSeriesSite } from './series-site.js'

type Id = number | string

const DAY = 86_400_000
const WEEK = 7 * DAY
const HOUR = 3_600_000

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString()

describe.each(testDatabaseKinds())('POST /api/reserve/series-preview (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })
  const ids: Record<'customer' | 'room' | 'service' | 'weekdays', Id> = { customer: '', room: '', service: '', weekdays: '' }
  let admin: string
  let ann: string

  beforeAll(async () => {
    const seeded = await seedSeriesSite(site.payload, 'preview.test')
    Object.assign(ids, seeded)
    admin = seeded.admin
    ann = seeded.ann
  })

  const body = (extra: Record<string, unknown>) => ({ customer: ids.customer, resource: ids.room, service: ids.service, ...extra })
  const preview = (extra: Record<string, unknown>, token?: string): Promise<JsonResponse> =>
    postJson(site.payload, '/api/reserve/series-preview', body(extra), token)
  const book = (extra: Record<string, unknown>, token?: string): Promise<JsonResponse> =>
    postJson(site.payload, '/api/reserve/book', body(extra), token)
  const ledgerEvents = async () => (await ledgerServices.of(site.payload).store.readAll({ limit: 100_000 })).length
  const documentCount = async () => (await site.payload.count({ collection: 'reservations' })).totalDocs

  it('names the one occurrence of a weekly series of 4 whose time is taken, appends nothing, and booking then books the other 3', async () => {
    const first = '2031-02-03T09:00:00.000Z'
    const taken = plus(first, 2 * WEEK)
    expect((await book({ customer: undefined, guest: { email: 'g@preview.test', name: 'Grace' }, startTime: taken }, admin)).status).toBe(201)
    const before = { docs: await documentCount(), events: await ledgerEvents() }

    const answer = await preview({ recurrence: { count: 4, frequency: 'weekly' }, startTime: first }, admin)
    expect(answer.status).toBe(200)
    expect(answer.body.occurrences).toEqual([
      { endTime: plus(first, HOUR), free: true, index: 0, startTime: first },
      { endTime: plus(first, WEEK + HOUR), free: true, index: 1, startTime: plus(first, WEEK) },
      { free: false, index: 2, message: expect.stringMatching(/^2031-02-17: /), path: 'recurrence.occurrences.2.startTime', startTime: taken, taken: true },
      { endTime: plus(first, 3 * WEEK + HOUR), free: true, index: 3, startTime: plus(first, 3 * WEEK) },
    ])
    expect({ docs: await documentCount(), events: await ledgerEvents() }).toEqual(before)

    const booked = await book({ partial: true, recurrence: { count: 4, frequency: 'weekly' }, startTime: first }, admin)
    expect(booked.status).toBe(201)
    const free = answer.body.occurrences.filter((occurrence: { free: boolean }) => occurrence.free)
    expect(booked.body.reservations.map((doc: { startTime: string }) => doc.startTime)).toEqual(free.map(({ startTime }: { startTime: string }) => startTime))
    expect(booked.body.skipped.map(({ index }: { index: number }) => index)).toEqual([2])
  })

  it("answers as the booking decides for the same user: staff may book the office's closed weekend, and do", async () => {
    // 2031-09-08 is a Monday: a daily series of 7 on the weekday office reaches its closed weekend.
    const series = { recurrence: { count: 7, frequency: 'daily' }, resource: ids.weekdays, startTime: '2031-09-08T09:00:00.000Z' }
    const answer = await preview(series, admin)
    expect(answer.status).toBe(200)
    expect(answer.body.occurrences.map(({ free }: { free: boolean }) => free)).toEqual(Array(7).fill(true))
    const booked = await book(series, admin)
    expect(booked.status).toBe(201)
    expect(booked.body.reservations.map((doc: { startTime: string }) => doc.startTime)).toEqual(
      answer.body.occurrences.map(({ startTime }: { startTime: string }) => startTime),
    )
  })

  it('is for staff: 401 without a session, 403 for a customer; a malformed recurrence is refused as the booking refuses it', async () => {
    const series = { recurrence: { count: 2, frequency: 'weekly' }, startTime: '2031-04-07T09:00:00.000Z' }
    expect(await preview(series)).toEqual({ body: { message: 'Unauthorized' }, status: 401 })
    expect(await preview(series, ann)).toEqual({ body: { message: 'Forbidden' }, status: 403 })
    const wrong = { recurrence: { count: 2, frequency: 'monthly', interval: 0 }, startTime: '2031-04-07T09:00:00.000Z' }
    const refused = await preview(wrong, admin)
    expect(refused.status).toBe(400)
    expect(errorPaths(refused.body)).toEqual(['recurrence.frequency', 'recurrence.interval'])
    expect(errorPaths((await book(wrong, admin)).body)).toEqual(errorPaths(refused.body))
  })
})
