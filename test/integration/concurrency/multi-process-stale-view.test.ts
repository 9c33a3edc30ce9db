import { describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'
import { allReservations, auditClaims, claimMismatches, ledgerViolations } from '../support/reliability-invariants.js'
import { type RemoteRequest, spawnRemoteNode } from '../support/reliability-nodes.js'

const PASSWORD = 'stale-view-password'

/**
 * Process A books X at 10:00 and keeps its view of the resource from then on; B moves X to
 * 12:00 and books Y at 10:00; A moving X back to 10:00 must be refused. A's view says X holds
 * 10:00 already, so no claim event is needed there: the append must still check the resource.
 */
describe.each(testDatabaseKinds())('two OS processes, one acting on a stale view of a resource (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })

  it('answers 409 when A moves a booking back onto a time B has booked since, and nothing is double-booked', async () => {
    const { payload } = site
    const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Stale view' } })
    const resource = await payload.create({ collection: 'resources', data: { name: 'Stale view', quantity: 1, services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    const spawn = (name: string) =>
      spawnRemoteNode({
        database: { kind, uri: site.database.uri },
        day: '2031-06-02',
        resource: resource.id,
        service: service.id,
        staff: { email: `${name}-${kind}@example.test`, password: PASSWORD },
      })
    for (const name of ['a', 'b']) {
      await payload.create({ collection: 'users', data: { email: `${name}-${kind}@example.test`, password: PASSWORD, role: 'admin' } })
    }
    const [a, b] = [spawn('a'), spawn('b')]
    await Promise.all([a.waitFor('ready'), b.waitFor('ready')])
    let asked = 0
    const ask = (node: typeof a, request: RemoteRequest) => {
      asked++
      return node.ask(request)
    }
    const at = (time: string) => `2031-06-02T${time}:00.000Z`
    const guestBooking = (time: string, name: string) => ({
      as: 'guest' as const,
      body: { guest: { email: `${name}@example.test`, name }, resource: resource.id, service: service.id, startTime: at(time) },
      method: 'POST',
      path: '/api/reserve/book',
    })

    try {
      const x = await ask(a, guestBooking('10:00', 'X'))
      expect(x.status).toBe(201)
      const xId = (JSON.parse(x.body) as { id: string }).id
      const moved = await ask(b, { as: 'staff', body: { startTime: at('12:00') }, method: 'PATCH', path: `/api/reservations/${xId}` })
      expect(moved.status).toBe(200)
      expect((await ask(b, guestBooking('10:00', 'Y'))).status).toBe(201)
      const back = await ask(a, { as: 'staff', body: { startTime: at('10:00') }, method: 'PATCH', path: `/api/reservations/${xId}` })
      expect({ body: back.body.includes('startTime'), status: back.status }).toEqual({ body: true, status: 409 })
    } finally {
      a.process.stdin!.end()
      b.process.stdin!.end()
      await Promise.all([a.exited, b.exited])
    }
    expect(asked).toBe(4)

    const runtime = ledgerServices.of(payload)
    const blocking = runtime.options.statusMachine.blockingStatuses
    const checked = [{ capacityMode: 'per-reservation' as const, id: resource.id, quantity: 1 }]
    const services = [{ bufferTimeAfter: 0, bufferTimeBefore: 0, id: service.id }]
    const reservations = (await allReservations(payload)).filter((r) => String(r.resource) === String(resource.id))
    expect(reservations.map((r) => r.startTime).sort()).toEqual([at('10:00'), at('12:00')])
    expect(await ledgerViolations(runtime.store, checked)).toEqual([])
    expect(await auditClaims(runtime.store, checked, reservations, blocking)).toEqual({ orphans: [], unclaimed: [] })
    expect(await claimMismatches(runtime.store, checked, services, reservations, blocking)).toEqual([])
  }, 180_000)
})
