import { describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { seedBookable } from '../../support/reserve-payload.js'
import { usePayloadOn } from '../../support/suite-payload.js'

describe.each(testDatabaseKinds())('bad input refused before the ledger commits (%s)', (kind) => {
  const site = usePayloadOn(kind)

  const eventCount = async () => (await ledgerServices.of(site.payload).store.readAll({ limit: 100_000 })).length

  it.each([
    ['a customer that does not exist', { customer: 987_654 }, 'customer'],
    ['an idempotency key that is not a string', { idempotencyKey: { nested: true } }, 'idempotencyKey'],
    ['notes that are not text', { notes: 42 }, 'notes'],
    ['an impossible date', { startTime: '2030-02-30T10:00:00.000Z' }, 'startTime'],
  ])('refuses %s with a 400 on its field and writes no event', async (_name, bad, path) => {
    const { resource, service } = await seedBookable(site.payload)
    const before = await eventCount()
    const attempt = site.payload.create({
      collection: 'reservations',
      data: { resource: resource.id, service: service.id, startTime: '2030-09-01T09:00:00.000Z', ...bad },
    })
    await expect(attempt).rejects.toMatchObject({ data: { errors: [expect.objectContaining({ path })] }, status: 400 })
    expect(await eventCount()).toBe(before)
  })

  it('refuses an update whole when one of its changes is refused: no reschedule without its status change', async () => {
    const { resource, service } = await seedBookable(site.payload)
    const booked = await site.payload.create({
      collection: 'reservations',
      data: { resource: resource.id, service: service.id, startTime: '2030-09-03T09:00:00.000Z' },
    })
    const before = await eventCount()
    const attempt = site.payload.update({
      collection: 'reservations',
      // pending → completed is not a transition of the default machine.
      data: { startTime: '2030-09-03T11:00:00.000Z', status: 'completed' },
      id: booked.id,
    })
    await expect(attempt).rejects.toMatchObject({ data: { errors: [expect.objectContaining({ path: 'status' })] }, status: 400 })
    expect(await eventCount()).toBe(before)
    const stored = await site.payload.findByID({ collection: 'reservations', id: booked.id })
    expect(stored).toMatchObject({ startTime: '2030-09-03T09:00:00.000Z', status: 'pending' })
  })

  it('takes guest: null as not given, on create and on update (no server error)', async () => {
    const { resource, service } = await seedBookable(site.payload)
    const created = await site.payload.create({
      collection: 'reservations',
      data: { guest: null, resource: resource.id, service: service.id, startTime: '2030-09-02T09:00:00.000Z' } as never,
    })
    expect(created.guest).toMatchObject({ email: null, name: null, phone: null })
    const withGuest = await site.payload.update({
      collection: 'reservations',
      data: { guest: { name: 'Gina', phone: '+4912345' } },
      id: created.id,
    })
    expect(withGuest.guest).toMatchObject({ name: 'Gina' })
    const unchanged = await site.payload.update({ collection: 'reservations', data: { guest: null } as never, id: created.id })
    expect(unchanged.guest).toMatchObject({ name: 'Gina', phone: '+4912345' })
  })
})
