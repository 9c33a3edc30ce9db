import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { getJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'

type Id = number | string

const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const

/**
 * The 2026 transition days have passed, and availability never offers a slot that has
 * started; the clock (Date only, timers stay real) is set back to the start of 2026.
 */
const BEFORE_2026 = Date.parse('2026-01-01T00:00:00.000Z')

/**
 * Windows before and after 13:00 local on the days the clocks change. The expected instants are
 * worked out by hand from the offsets in force after each change: Paris moves from +01:00 to
 * +02:00 on 29 March and back on 25 October; New York from −05:00 to −04:00 on 8 March and back
 * on 1 November. Every change happens around 02:00–03:00, before these windows.
 */
const TRANSITIONS: Array<[string, string, string[]]> = [
  ['Europe/Paris', '2026-03-29', ['07:00', '08:00', '12:00', '13:00']],
  ['Europe/Paris', '2026-10-25', ['08:00', '09:00', '13:00', '14:00']],
  ['America/New_York', '2026-03-08', ['13:00', '14:00', '18:00', '19:00']],
  ['America/New_York', '2026-11-01', ['14:00', '15:00', '19:00', '20:00']],
]

describe.each(testDatabaseKinds())('availability across time zones and DST (%s)', (kind) => {
  const site = usePayloadOn(kind)
  let hour: Id

  const resourceIn = async (timezone: string, windows: Array<[string, string]>, exceptions: object[] = []) => {
    const id = (await site.payload.create({ collection: 'resources', data: { name: timezone, services: [hour], timezone } })).id
    await site.payload.create({
      collection: 'schedules',
      data: {
        exceptions,
        name: 'Every day',
        recurringSlots: EVERY_DAY.flatMap((day) => windows.map(([startTime, endTime]) => ({ day, endTime, startTime }))),
        resource: id,
      },
    })
    return id
  }

  const startsOn = async (resource: Id, date: string, service = hour) => {
    const response = await getJson(site.payload, withQuery('/api/reserve/slots', { date, resource, service }))
    expect(response.status).toBe(200)
    return (response.body.slots as Array<{ start: string }>).map((slot) => slot.start)
  }

  beforeAll(async () => {
    hour = (await site.payload.create({ collection: 'services', data: { duration: 60, name: 'Hour', slotInterval: 60 } })).id
    vi.useFakeTimers({ now: BEFORE_2026, shouldAdvanceTime: true, toFake: ['Date'] })
  })

  afterAll(async () => {
    vi.useRealTimers()
  })

  it.each(TRANSITIONS)('%s on %s keeps the wall-clock windows 09–11 and 14–16', async (zone, date, utcStarts) => {
    const resource = await resourceIn(zone, [
      ['09:00', '11:00'],
      ['14:00', '16:00'],
    ])
    expect(await startsOn(resource, date)).toEqual(utcStarts.map((time) => `${date}T${time}:00.000Z`))
  })

  it('a window across the spring-forward gap is as long as the clock says it is', async () => {
    // 01:00–04:00 in Paris on 29 March 2026 lasts two real hours: 02:00–03:00 never happens.
    const resource = await resourceIn('Europe/Paris', [['01:00', '04:00']])
    expect(await startsOn(resource, '2026-03-29')).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z'])
    // 01:00–04:00 on 25 October lasts four: 02:00–03:00 happens twice.
    expect(await startsOn(resource, '2026-10-25')).toHaveLength(4)
  })

  it('a date-only exception in Los Angeles closes that local day, not the one before', async () => {
    const resource = await resourceIn('America/Los_Angeles', [['09:00', '17:00']], [{ date: '2026-11-05', reason: 'Training', type: 'training' }])
    expect(await startsOn(resource, '2026-11-04')).toHaveLength(8)
    expect(await startsOn(resource, '2026-11-05')).toEqual([])
    expect(await startsOn(resource, '2026-11-06')).toHaveLength(8)
    // 09:00 PST on the 6th.
    expect((await startsOn(resource, '2026-11-06'))[0]).toBe('2026-11-06T17:00:00.000Z')

    const range = await getJson(
      site.payload,
      withQuery('/api/reserve/resource-availability', { end: '2026-11-07', resource, start: '2026-11-04' }),
    )
    expect(range.status).toBe(200)
    expect(range.body.days.map((day: { date: string; shiftWindows: unknown[] }) => [day.date, day.shiftWindows.length])).toEqual([
      ['2026-11-04', 1],
      ['2026-11-05', 0],
      ['2026-11-06', 1],
    ])
    expect(range.body.days[1].timeOff).toEqual([
      { end: '2026-11-06T08:00:00.000Z', reason: 'Training', start: '2026-11-05T08:00:00.000Z', type: 'training' },
    ])
  })

  it('resource-availability reports DST days with their real length', async () => {
    const resource = await resourceIn('America/New_York', [['00:00', '24:00']])
    const range = await getJson(
      site.payload,
      withQuery('/api/reserve/resource-availability', { end: '2026-03-09', resource, start: '2026-03-07' }),
    )
    expect(range.body.days).toEqual([
      { date: '2026-03-07', shiftWindows: [{ end: '2026-03-08T05:00:00.000Z', start: '2026-03-07T05:00:00.000Z' }], timeOff: [] },
      // A 23-hour day: midnight to midnight is 05:00Z to 04:00Z.
      { date: '2026-03-08', shiftWindows: [{ end: '2026-03-09T04:00:00.000Z', start: '2026-03-08T05:00:00.000Z' }], timeOff: [] },
    ])
  })
})
