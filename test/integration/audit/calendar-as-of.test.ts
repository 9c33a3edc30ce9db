import { beforeAll, describe, expect, it } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { login } from '../../helpers/payload.js'
import { getJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

const pause = () => new Promise((resolve) => setTimeout(resolve, 60))

describe.each(testDatabaseKinds())('the calendar as it was (%s)', (kind) => {
  const site = usePayloadOn(kind, {})
  let token: string
  const ids: Record<string, number | string> = {}

  beforeAll(async () => {
    const { payload } = site
    const service = await payload.create({ collection: 'services', data: { duration: 60, name: 'Then' } })
    const resource = await payload.create({ collection: 'resources', data: { name: 'Then room', quantity: 2, services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    await payload.create({ collection: 'users', data: { email: 'asof@example.test', password: 'pw-123456', role: 'admin' } })
    token = await login(payload, { email: 'asof@example.test', password: 'pw-123456' })
    Object.assign(ids, { resource: resource.id, service: service.id })
  })

  it('answers from the ledger what the calendar held between a booking, its move and its cancel', async () => {
    const { payload } = site
    const asOf = async (at: number) =>
      (
        await getJson(
          payload,
          withQuery('/api/reserve/as-of', { at: new Date(at).toISOString(), end: '2031-11-04T00:00:00.000Z', resource: String(ids.resource), start: '2031-11-03T00:00:00.000Z' }),
          token,
        )
      ).body
    const before = Date.now()
    await pause()
    const booking = await payload.create({ collection: 'reservations', data: { resource: ids.resource, service: ids.service, startTime: '2031-11-03T09:00:00.000Z' } })
    await pause()
    const afterBooking = Date.now()
    await pause()
    await payload.update({ collection: 'reservations', data: { startTime: '2031-11-03T14:00:00.000Z' }, id: booking.id })
    await pause()
    const afterMove = Date.now()
    await pause()
    await payload.update({ collection: 'reservations', data: { status: 'cancelled' }, id: booking.id })
    await pause()
    const afterCancel = Date.now()

    expect((await asOf(before)).busy).toEqual([])
    expect(await asOf(afterBooking)).toMatchObject({
      busy: [{ end: '2031-11-03T10:00:00.000Z', reservationId: booking.id, start: '2031-11-03T09:00:00.000Z', units: 1 }],
      reservations: [{ id: booking.id, startTime: '2031-11-03T09:00:00.000Z', status: 'pending' }],
    })
    expect(await asOf(afterMove)).toMatchObject({
      busy: [{ start: '2031-11-03T14:00:00.000Z' }],
      reservations: [{ startTime: '2031-11-03T14:00:00.000Z', status: 'pending' }],
    })
    expect(await asOf(afterCancel)).toMatchObject({ busy: [], reservations: [] })
  })
})
