import { afterEach, describe, expect, it, vi } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { login } from '../../helpers/payload.js'
import { postJson } from '../../support/http.js'
import { seedBookable } from '../../support/reserve-payload.js'
import { usePayloadOn } from '../../support/suite-payload.js'

/** The `in` lists of every find the request made, by collection. */
const spyOnLookups = (payload: { find: (...args: any[]) => unknown }) => {
  const lookups: Array<{ collection: string; ids: number }> = []
  const original = payload.find.bind(payload)
  vi.spyOn(payload, 'find').mockImplementation((args: any) => {
    const values = Object.values<any>(args?.where ?? {}).find((clause) => Array.isArray(clause?.in))?.in ?? []
    lookups.push({ collection: String(args?.collection), ids: values.length })
    return original(args) as never
  })
  return lookups
}

describe.each(testDatabaseKinds())('/api/reserve/book caps items before looking any up (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })

  afterEach(() => {
    vi.restoreAllMocks()
  })

  const events = async () => (await ledgerServices.of(site.payload).store.readAll({ limit: 100_000 })).length

  it.each([
    ['unknown', (_resource: number | string, index: number) => 900_000 + index],
    ['existing', (resource: number | string) => resource],
  ])('answers 500 items of %s resources with the REST route\'s 400 on `items`, quickly', async (_name, itemResource) => {
    await site.payload.create({
      collection: 'users',
      data: { email: `staff-${_name}@example.test`, password: 'staff-pass', role: 'admin' },
    })
    const token = await login(site.payload, { email: `staff-${_name}@example.test`, password: 'staff-pass' })
    const { resource, service } = await seedBookable(site.payload)
    const body = {
      items: Array.from({ length: 500 }, (_, index) => ({ resource: itemResource(resource.id, index) })),
      resource: resource.id,
      service: service.id,
      startTime: '2031-03-04T09:00:00.000Z',
    }
    const before = await events()
    const lookups = spyOnLookups(site.payload as never)
    for (const caller of [undefined, token]) {
      const started = Date.now()
      const book = await postJson(site.payload, '/api/reserve/book', body, caller)
      const elapsed = Date.now() - started
      const rest = await postJson(site.payload, '/api/reservations', body, caller)
      expect(rest.status).toBe(400)
      expect(rest.body.errors[0].data.errors).toEqual([{ message: 'A booking takes at most 20 items', path: 'items' }])
      expect({ body: book.body, status: book.status }).toEqual({ body: rest.body, status: rest.status })
      expect(elapsed).toBeLessThan(2_000)
    }
    // No lookup was given the items' ids.
    expect(Math.max(0, ...lookups.map(({ ids }) => ids))).toBeLessThanOrEqual(21)
    expect(await events()).toBe(before)
  })

  it('still books 20 items', async () => {
    const { service } = await seedBookable(site.payload)
    const pool = await site.payload.create({ collection: 'resources', data: { name: 'Pool', quantity: 100, services: [service.id] } })
    const main = await site.payload.create({ collection: 'resources', data: { name: 'Main', quantity: 1, services: [service.id] } })
    await site.payload.create({ collection: 'users', data: { email: 'staff-20@example.test', password: 'staff-pass', role: 'admin' } })
    const token = await login(site.payload, { email: 'staff-20@example.test', password: 'staff-pass' })
    const items = Array.from({ length: 20 }, () => ({ resource: pool.id }))
    const booked = await postJson(
      site.payload,
      '/api/reserve/book',
      { items, resource: main.id, service: service.id, startTime: '2031-03-05T09:00:00.000Z' },
      token,
    )
    expect(booked.status).toBe(201)
    expect(booked.body.items).toHaveLength(20)
  })
})
