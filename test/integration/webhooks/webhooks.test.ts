import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { postJson } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

const SECRET = 'webhook-test-secret'

/** A receiver that verifies each signature as a site's would, and can be down. */
const receiver = () => {
  const received: { body: { id: string; reservationId: string; types: string[] }; delivery: string; verified: boolean }[] = []
  let down = false
  const server: Server = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk) => (text += chunk))
    request.on('end', () => {
      if (down) {
        response.writeHead(503).end()
        return
      }
      const [t, v1] = String(request.headers['x-reserve-signature']).split(',').map((part) => part.split('=')[1])
      const expected = createHmac('sha256', SECRET).update(`${t}.${text}`).digest('hex')
      received.push({ body: JSON.parse(text), delivery: String(request.headers['x-reserve-delivery']), verified: v1 === expected })
      response.writeHead(204).end()
    })
  })
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    received,
    setDown: (value: boolean) => {
      down = value
    },
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}/hook`))),
  }
}

describe.each(testDatabaseKinds())('webhooks from the ledger (%s)', (kind) => {
  const hook = receiver()
  const site = usePayloadOn(kind, {
    allowGuestBooking: true,
    catchUp: { graceMs: 100, intervalMs: 60_000 },
    inProcessTimers: false,
    webhooks: { allowPrivateNetworks: true, maxAttempts: 2 },
  })
  const ids: Record<string, number | string> = {}
  let hour = 8

  beforeAll(async () => {
    const { payload } = site
    const url = await hook.start()
    const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Hooked' } })
    const resource = await payload.create({ collection: 'resources', data: { name: 'Hook room', quantity: 5, services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    await payload.create({ collection: 'reservation-webhooks', data: { secret: SECRET, url } })
    Object.assign(ids, { resource: resource.id, service: service.id })
  })
  afterAll(() => hook.close())

  /** What a long-lived server's timers (or the jobs) do: catch-up fills the outbox, then the deliverer sends. */
  const drive = async () => {
    await new Promise((resolve) => setTimeout(resolve, 150))
    const runtime = ledgerServices.of(site.payload)
    await runtime.catchUp.run()
    await site.payload.db.updateMany({ collection: 'reservation-webhook-deliveries', data: { nextAttemptAt: new Date(0).toISOString() }, where: { status: { equals: 'pending' } } })
    await runtime.webhooks.run()
  }
  const book = async () => {
    const answer = await postJson(site.payload, '/api/reserve/book', {
      guest: { email: 'hook@example.test', name: 'Hook' },
      resource: ids.resource,
      service: ids.service,
      startTime: `2031-09-01T${String(hour++).padStart(2, '0')}:00:00.000Z`,
    })
    expect(answer.status).toBe(201)
    return answer.body as { id: string }
  }

  it('posts each committed change once, signed, with the event and the reservation', async () => {
    const booking = await book()
    await drive()
    await drive()
    const mine = hook.received.filter(({ body }) => body.reservationId === booking.id)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ body: { reservation: { id: booking.id, status: 'pending' }, types: ['booked'] }, verified: true })
    expect(mine[0].delivery).toBe(mine[0].body.id)
    expect(JSON.stringify(mine[0].body)).not.toContain('cancellationToken')
  })

  it('keeps what it could not deliver, and sends it in order once the receiver is back', async () => {
    const booking = await book()
    await drive()
    hook.setDown(true)
    await site.payload.update({ collection: 'reservations', data: { status: 'confirmed' }, id: booking.id })
    await site.payload.update({ collection: 'reservations', data: { status: 'cancelled' }, id: booking.id })
    await drive()
    hook.setDown(false)
    await drive()
    await drive()
    const types = hook.received.filter(({ body }) => body.reservationId === booking.id).map(({ body }) => body.types)
    expect(types).toEqual([['booked'], ['statusChanged', 'confirmed'], ['statusChanged', 'cancelled']])
  })

  it('dead-letters after the last attempt, and redelivers when staff set it pending again', async () => {
    const booking = await book()
    hook.setDown(true)
    await drive()
    await drive()
    const dead = await site.payload.find({ collection: 'reservation-webhook-deliveries', where: { reservationId: { equals: booking.id } } })
    expect(dead.docs[0]).toMatchObject({ attempts: 2, lastError: 'the receiver answered 503', status: 'dead' })

    hook.setDown(false)
    await site.payload.update({ collection: 'reservation-webhook-deliveries', data: { status: 'pending' }, id: dead.docs[0].id })
    await drive()
    expect(hook.received.filter(({ body }) => body.reservationId === booking.id).map(({ delivery }) => delivery)).toEqual([dead.docs[0].key])
  })
})
