import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { getJson, postJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'

type Id = number | string

const MINUTE = 60_000
const DATE = '2030-06-04'
const WEEKDAY = 'tue'
/** Zones without DST, so the expected grid is plain arithmetic on a fixed offset. */
const ZONES = { 'Asia/Kolkata': 330, UTC: 0 } as const
const GUEST = { email: 'prop@example.test', name: 'Property Guest' }

const clock = (minutes: number): string =>
  minutes === 1440 ? '24:00' : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** A working window of ½ to 2 hours on the quarter-hour grid, so that a run tries at most a few dozen starts. */
const windowArb = fc
  .tuple(fc.integer({ max: 88, min: 0 }), fc.integer({ max: 8, min: 2 }))
  .map(([startQuarter, quarters]) => ({ end: (startQuarter + quarters) * 15, start: startQuarter * 15 }))

const scenarioArb = fc.record({
  bookings: fc.array(
    // Quarters from the first window's start: near the windows, where they compete with slots.
    fc.record({
      guests: fc.integer({ max: 3, min: 1 }),
      offsetQuarters: fc.integer({ max: 8, min: -4 }),
      // Mostly the resource itself; bookings of another resource compete for the pool only.
      onOther: fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.constant(true), weight: 1 }),
    }),
    { maxLength: 6 },
  ),
  capacityMode: fc.constantFrom('per-reservation', 'per-guest'),
  // Mostly one guest: more guests than a per-guest resource holds leaves nothing to check.
  guestCount: fc.oneof({ arbitrary: fc.constant(1), weight: 3 }, { arbitrary: fc.integer({ max: 3, min: 2 }), weight: 1 }),
  pool: fc.option(fc.integer({ max: 2, min: 1 }), { nil: null }),
  quantity: fc.integer({ max: 3, min: 1 }),
  service: fc.record({
    bufferTimeAfter: fc.constantFrom(null, 0, 15, 30),
    bufferTimeBefore: fc.constantFrom(null, 0, 15),
    duration: fc.constantFrom(15, 30, 45, 60),
    durationType: fc.oneof({ arbitrary: fc.constant('fixed'), weight: 9 }, { arbitrary: fc.constant('full-day'), weight: 1 }),
    slotInterval: fc.constantFrom(null, 15, 30),
  }),
  windows: fc.array(windowArb, { maxLength: 2, minLength: 1 }),
  zone: fc.constantFrom(...(Object.keys(ZONES) as Array<keyof typeof ZONES>)),
})

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never

/**
 * The starts the slot grid allows, worked out here independently of src/availability (see
 * docs/ARCHITECTURE.md,
 * "Reads: availability and the endpoints (`src/availability`, `src/plugin/endpoints`)").
 */
const gridStarts = (scenario: Scenario): number[] => {
  const offset = ZONES[scenario.zone] * MINUTE
  const midnight = Date.parse(`${DATE}T00:00:00.000Z`) - offset
  // Windows of all schedules merge where they overlap or touch.
  const merged: Array<{ end: number; start: number }> = []
  for (const window of [...scenario.windows].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1)
    if (last && window.start <= last.end) {
      last.end = Math.max(last.end, window.end)
    } else {
      merged.push({ ...window })
    }
  }
  const { duration, durationType, slotInterval } = scenario.service
  if (durationType === 'full-day') {
    return merged.length > 0 ? [midnight] : []
  }
  const step = Math.min(slotInterval ?? 15, duration)
  return merged.flatMap(({ end, start }) => {
    const starts: number[] = []
    for (let t = start; t + duration <= end; t += step) {
      starts.push(midnight + t * MINUTE)
    }
    return starts
  })
}

describe.each(testDatabaseKinds())('slots are exactly the bookable grid starts (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true, defaultBufferTime: 15 })

  const setUp = async (scenario: Scenario) => {
    const create = async (collection: 'resources' | 'services', data: Record<string, unknown>): Promise<Id> =>
      (await site.payload.create({ collection, data: { name: collection, ...data } as never })).id
    const pool = scenario.pool === null ? null : await create('resources', { quantity: scenario.pool })
    const service = await create('services', { ...scenario.service, requiredResources: pool === null ? [] : [pool] })
    const resourceData = { capacityMode: scenario.capacityMode, quantity: scenario.quantity, services: [service], timezone: scenario.zone }
    const resource = await create('resources', resourceData)
    const other = await create('resources', resourceData)
    for (const id of [resource, other]) {
      await site.payload.create({
        collection: 'schedules',
        data: {
          name: 'Windows',
          recurringSlots: scenario.windows.map(({ end, start }) => ({ day: WEEKDAY, endTime: clock(end), startTime: clock(start) })),
          resource: id,
        },
      })
    }
    const midnight = Date.parse(`${DATE}T00:00:00.000Z`) - ZONES[scenario.zone] * MINUTE
    for (const booking of scenario.bookings) {
      // Existing bookings, by staff (anywhere, any time); those that do not fit are simply not made.
      await site.payload
        .create({
          collection: 'reservations',
          data: {
            guestCount: booking.guests,
            resource: booking.onOther ? other : resource,
            service,
            startTime: new Date(midnight + (scenario.windows[0].start + booking.offsetQuarters * 15) * MINUTE).toISOString(),
          },
        })
        .catch((error: { status?: number }) => {
          if (error.status !== 409) {
            throw error
          }
        })
    }
    return { resource, service }
  }

  it('every returned slot books (201) and every other grid start is refused as taken (409)', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const { resource, service } = await setUp(scenario)
        const response = await getJson(
          site.payload,
          withQuery('/api/reserve/slots', { date: DATE, guestCount: scenario.guestCount, resource, service }),
        )
        expect(response.status).toBe(200)
        const offered = (response.body.slots as Array<{ end: string; start: string }>).map((slot) => Date.parse(slot.start))
        const grid = gridStarts(scenario)
        expect(offered.every((start) => grid.includes(start)), 'offered starts lie on the grid').toBe(true)
        expect(offered).toEqual([...offered].sort((a, b) => a - b))

        for (const start of grid) {
          const startTime = new Date(start).toISOString()
          const booked = await postJson(site.payload, '/api/reserve/book', {
            guest: GUEST,
            guestCount: scenario.guestCount,
            resource,
            service,
            startTime,
          })
          if (offered.includes(start)) {
            expect(booked.status, `offered ${startTime} must book: ${JSON.stringify(booked.body)}`).toBe(201)
            // Undo, so that the next start is judged against the same bookings.
            await site.payload.delete({ collection: 'reservations', id: booked.body.id })
          } else {
            expect(booked.status, `not offered ${startTime} must be taken: ${JSON.stringify(booked.body)}`).toBe(409)
          }
        }
      }),
      { endOnFailure: true, numRuns: 25 },
    )
  })
})
