import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { postJson } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

interface Received {
  at: number
  reservationId: string
  revision: number
}

/** A receiver on this machine answering every delivery with `status`, and noting when each came. */
const receiver = (status: number) => {
  const received: Received[] = []
  const server: Server = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk) => (text += chunk))
    request.on('end', () => {
      const body = JSON.parse(text) as { event: { revision: number }; reservationId: string }
      received.push({ at: Date.now(), reservationId: body.reservationId, revision: body.event.revision })
      response.writeHead(status).end()
    })
  })
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    received,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}/hook`))),
  }
}

const revisionsOf = (received: Received[], reservationId: string) =>
  received.filter((delivery) => delivery.reservationId === reservationId).map(({ revision }) => revision)

const until = async (done: () => boolean, timeoutMs: number): Promise<void> => {
  const end = Date.now() + timeoutMs
  while (!done() && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Two receivers, one down (500), one healthy, with the server's own timers: the healthy one gets
 * each reservation's events within seconds and in order, while the failing one's retries (5 s
 * apart, then dead-lettered) hold back only its own deliveries, which keep their order too.
 */
describe.each(testDatabaseKinds())('webhook receivers are independent (%s)', (kind) => {
  const healthy = receiver(200)
  const failing = receiver(500)
  const site = usePayloadOn(kind, {
    allowGuestBooking: true,
    catchUp: { graceMs: 100, intervalMs: 300 },
    webhooks: { allowPrivateNetworks: true, maxAttempts: 2 },
  })
  const ids: Record<'resource' | 'service', number | string> = { resource: '', service: '' }

  beforeAll(async () => {
    const { payload } = site
    const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Hooked' } })
    const resource = await payload.create({ collection: 'resources', data: { name: 'Hook room', quantity: 5, services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    // The failing receiver first: it is no help to the healthy one to come second.
    await payload.create({ collection: 'reservation-webhooks', data: { url: await failing.start() } })
    await payload.create({ collection: 'reservation-webhooks', data: { url: await healthy.start() } })
    Object.assign(ids, { resource: resource.id, service: service.id })
  })
  afterAll(async () => {
    await healthy.close()
    await failing.close()
  })

  it('delivers to the healthy receiver within seconds, in order, while the failing one retries in order', async () => {
    const started = Date.now()
    const bookings: string[] = []
    for (const startTime of ['2031-09-01T08:00:00.000Z', '2031-09-01T10:00:00.000Z']) {
      const answer = await postJson(site.payload, '/api/reserve/book', {
        guest: { email: 'hook@example.test', name: 'Hook' },
        resource: ids.resource,
        service: ids.service,
        startTime,
      })
      expect(answer.status).toBe(201)
      const id = String(answer.body.id)
      await site.payload.update({ collection: 'reservations', data: { status: 'confirmed' }, id })
      await site.payload.update({ collection: 'reservations', data: { status: 'cancelled' }, id })
      bookings.push(id)
    }

    await until(() => bookings.every((id) => revisionsOf(healthy.received, id).length === 3), 20_000)
    const healthyDone = Math.max(...healthy.received.map(({ at }) => at)) - started
    for (const id of bookings) {
      expect(revisionsOf(healthy.received, id)).toEqual([0, 1, 2])
    }
    // Catch-up every 300 ms, a delivery pass every 2 s. Held back behind the failing receiver,
    // the healthy one would wait at least for its retry 5 s after its first attempt.
    expect(healthyDone).toBeLessThan(5_000)

    // The failing one: each reservation's booking twice (then dead-lettered), and only then the next event.
    await until(() => bookings.every((id) => revisionsOf(failing.received, id).length >= 3), 30_000)
    for (const id of bookings) {
      expect(revisionsOf(failing.received, id).slice(0, 3)).toEqual([0, 0, 1])
    }
    const deliveries = await site.payload.find({ collection: 'reservation-webhook-deliveries', limit: 0, pagination: false })
    expect(deliveries.docs.filter((delivery) => delivery.status === 'delivered')).toHaveLength(6)
    expect(deliveries.docs.filter((delivery) => delivery.status === 'dead').map((delivery) => delivery.revision)).toEqual([0, 0])
    console.log(`healthy receiver had all 6 events after ${healthyDone} ms (${kind})`)
  }, 60_000)
})
