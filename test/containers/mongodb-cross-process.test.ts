import type { Payload } from 'payload'

import { mongooseAdapter } from '@payloadcms/db-mongodb'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { StartedMongo } from './mongodb-container.js'

import { capacityStream } from '../../src/events/capacity-streams.js'
import { reserveLedgerPlugin } from '../../src/index.js'
import { ledgerServices } from '../../src/plugin/runtime.js'
import { referenceData } from '../../src/plugin/shared/reference-data/reference-data.js'
import { startPayload, stopPayload } from '../helpers/payload.js'
import { ALWAYS_OPEN } from '../integration/support/plugin-http.js'
import { postJson } from '../support/http.js'
import { startReservePayload } from '../support/reserve-payload.js'
import { seenWithin } from '../support/seen-within.js'
import { recordStreamReads } from '../support/stream-reads.js'
import { startMongoReplicaSet, startMongoStandalone } from './mongodb-container.js'

const DAY = '2031-06-02'
const at = (time: string) => Date.parse(`${DAY}T${time}:00.000Z`)

/**
 * Two Payload instances with the plugin on one MongoDB replica set, as two app processes: each
 * learns of the other's writes from a change stream, as processes on PostgreSQL do from NOTIFY.
 */
describe('processes sharing a MongoDB replica set', () => {
  let mongo: StartedMongo
  let a: Payload
  let b: Payload

  beforeAll(async () => {
    mongo = await startMongoReplicaSet()
    const uri = mongo.databaseUri(`reserve_x_${randomBytes(6).toString('hex')}`)
    const database = { adapter: () => mongooseAdapter({ ensureIndexes: true, url: uri }) }
    a = await startReservePayload(database, { allowGuestBooking: true })
    b = await startReservePayload(database, { allowGuestBooking: true })
  })

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((payload) => stopPayload(payload)))
    await mongo?.stop()
  })

  const bookable = async (name: string) => {
    const service = await a.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name } })
    const resource = await a.create({ collection: 'resources', data: { name, quantity: 1, services: [service.id] } })
    await a.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    return { resource, service }
  }

  it("brings one process's view of a resource up to the other's booking within a second, without reading the stream", async () => {
    const { resource, service } = await bookable('Watched')
    const runtime = ledgerServices.of(b)
    const month = capacityStream(String(resource.id), DAY.slice(0, 7))
    await runtime.busy.window(String(resource.id), at('00:00'), at('23:00'))
    const before = runtime.busy.known(month)!.revision
    const { reads, restore } = recordStreamReads(runtime.store)
    try {
      const booked = await postJson(a, '/api/reserve/book', {
        guest: { email: 'watched@example.test', name: 'Watched' },
        resource: resource.id,
        service: service.id,
        startTime: new Date(at('12:00')).toISOString(),
      })
      expect(booked.status).toBe(201)
      const overlapping = () => runtime.busy.known(month)!.state.index.overlapping(at('12:00'), at('13:00')).length
      expect(await seenWithin(overlapping, 1)).toBeLessThan(1_000)
      expect(runtime.busy.known(month)!.revision).toBeGreaterThan(before)
      expect(reads).not.toContain(month.stream)
    } finally {
      restore()
    }
  })

  it("drops one process's cached services and resources when the other changes them, within a second", async () => {
    const { resource, service } = await bookable('Cached')
    const data = referenceData(b, ledgerServices.of(b).options)
    // Cached in b, as an availability query there would cache them.
    expect((await data.services([service.id])).get(String(service.id))?.duration).toBe(60)
    expect((await data.resources([resource.id])).get(String(resource.id))?.active).toBe(true)

    await a.update({ collection: 'services', data: { duration: 90 }, id: service.id })
    expect(await seenWithin(async () => (await data.services([service.id])).get(String(service.id))?.duration, 90)).toBeLessThan(1_000)

    await a.update({ collection: 'resources', data: { active: false }, id: resource.id })
    expect(await seenWithin(async () => (await data.resources([resource.id])).get(String(resource.id))?.active, false)).toBeLessThan(1_000)

    const scheduleNames = async () => ((await data.schedules([resource.id])).get(String(resource.id)) ?? []).map(({ name }) => name)
    expect(await scheduleNames()).toEqual(['Always'])
    const [schedule] = (await a.find({ collection: 'schedules', where: { resource: { equals: resource.id } } })).docs
    await a.update({ collection: 'schedules', data: { name: 'Renamed' }, id: schedule.id })
    expect(await seenWithin(scheduleNames, ['Renamed'])).toBeLessThan(1_000)
  })
})

describe('a process on a standalone MongoDB server', () => {
  let mongo: StartedMongo
  let payload: Payload
  const logged: Array<{ level: number; msg: string }> = []

  beforeAll(async () => {
    mongo = await startMongoStandalone()
    const uri = mongo.databaseUri(`reserve_s_${randomBytes(6).toString('hex')}`)
    payload = await startPayload({
      config: { logger: { destination: { write: (line: string) => void logged.push(JSON.parse(line)) }, options: { level: 'info' } } },
      database: { adapter: () => mongooseAdapter({ ensureIndexes: true, url: uri }) },
      plugins: [reserveLedgerPlugin({ allowGuestBooking: true, userCollection: 'users' })],
    })
  })

  afterAll(async () => {
    if (payload) {
      await stopPayload(payload)
    }
    await mongo?.stop()
  })

  it('says once, at information level, that it has no change streams, and reports no failure', async () => {
    const saysSo = () => logged.filter(({ msg }) => msg?.includes('this MongoDB server has no change streams')).map(({ level }) => level)
    expect(await seenWithin(saysSo, [30])).not.toBeNull()
    // Given time to try again, it does not.
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(saysSo()).toEqual([30])
    expect(logged.filter(({ msg }) => msg?.includes('notices of other processes interrupted'))).toEqual([])
  })
})
