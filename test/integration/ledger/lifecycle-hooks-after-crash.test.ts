import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { BookingTransitionHook, ReserveLedgerOptions } from '../../../src/plugin/options.js'

import { reserveLedgerPlugin } from '../../../src/index.js'
import { RESERVE_QUEUE } from '../../../src/plugin/shared/reserve-queue.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { createTestDatabase, existingTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { login, startPayload, stopPayload } from '../../helpers/payload.js'
import { dieAtDocumentWrite } from '../../support/die-at-document-write.js'
import { postJson } from '../../support/http.js'
import { ALWAYS_OPEN, http } from '../support/plugin-http.js'

const SECRET = 'transition-hooks-after-crash'
const STAFF = { email: 'crash-staff@example.test', password: 'crash-password' }
const GRACE_MS = 300

/** Every call of the four transition hooks, by any instance: `<hook> <reservation> <from>→<to>`. */
const calls: string[] = []
const record =
  (hook: string): BookingTransitionHook =>
  ({ doc, previousStatus }) =>
    void calls.push(`${hook} ${doc.id} ${previousStatus}→${doc.status}`)
const options = (inProcessTimers: boolean): ReserveLedgerOptions => ({
  catchUp: { graceMs: GRACE_MS, intervalMs: 60_000 },
  hooks: {
    afterBookingCancel: [record('afterBookingCancel')],
    afterBookingConfirm: [record('afterBookingConfirm')],
    beforeBookingCancel: [record('beforeBookingCancel')],
    beforeBookingConfirm: [record('beforeBookingConfirm')],
  },
  inProcessTimers,
  userCollection: 'users',
})

/** Catch-up leaves events younger than its grace to their writer; past it, they are its own. */
const pastGrace = () => new Promise((resolve) => setTimeout(resolve, GRACE_MS + 200))

/**
 * The after-hooks of a confirm or cancel are delivered from the ledger after commit: when the
 * instance that appended the change dies before its document write (a host freezing a function
 * mid-request), another instance's catch-up delivers them, once.
 */
describe.each(testDatabaseKinds())('confirm and cancel hooks after their writer died (%s)', (kind) => {
  let database: TestDatabase
  let token: string
  const ids: string[] = []

  /** A fresh instance on the database, serving `serve` and shut down after it. */
  const onInstance = async <T>(serve: (payload: Payload) => Promise<T>, inProcessTimers = false): Promise<T> => {
    const payload = await startPayload({
      config: { secret: SECRET },
      database: existingTestDatabase(kind, database.uri),
      plugins: [reserveLedgerPlugin(options(inProcessTimers))],
    })
    try {
      return await serve(payload)
    } finally {
      await stopPayload(payload)
    }
  }

  /** Sends a request on a fresh instance that dies at its reservation write; resolves once it died. */
  const diesAfterAppend = (send: (payload: Payload) => Promise<unknown>) =>
    onInstance(async (payload) => {
      const outcome = await Promise.race([send(payload).then(() => 'answered'), dieAtDocumentWrite(payload).then(() => 'died')])
      expect(outcome).toBe('died')
    })
  const confirm = (id: string) => (payload: Payload) => http(payload, `/api/reservations/${id}`, { body: { status: 'confirmed' }, method: 'PATCH', token })
  const cancel = (id: string) => (payload: Payload) => postJson(payload, '/api/reserve/cancel', { reservationId: id }, token)

  /** The documents' statuses and the statuses the ledger's events moved them to. */
  const statuses = (id: string) =>
    onInstance(async (payload) => ({
      document: (await payload.findByID({ collection: 'reservations', id })).status,
      ledger: (await ledgerServices.of(payload).ledger.history(id)).flatMap((event) => (event.type === 'ReservationStatusChanged' ? [event.data.to] : [])),
    }))

  const runCatchUpJob = () =>
    onInstance(async (payload) => {
      await payload.jobs.queue({ input: {}, queue: RESERVE_QUEUE, task: 'reserveCatchUp' })
      await payload.jobs.run({ queue: RESERVE_QUEUE })
    })

  beforeAll(async () => {
    calls.length = 0
    database = await createTestDatabase(kind)
    await startPayload({ config: { secret: SECRET }, database, plugins: [reserveLedgerPlugin(options(false))] }).then(async (payload) => {
      await payload.create({ collection: 'users', data: { ...STAFF, role: 'admin' } })
      const service = await payload.create({ collection: 'services', data: { duration: 60, name: 'Consultation' } })
      const resource = await payload.create({ collection: 'resources', data: { name: 'Desk', quantity: 3, services: [service.id] } })
      await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
      for (const hour of [9, 10, 11]) {
        const startTime = new Date(Date.UTC(2032, 4, 5, hour)).toISOString()
        ids.push(String((await payload.create({ collection: 'reservations', data: { resource: resource.id, service: service.id, startTime } })).id))
      }
      token = await login(payload, STAFF)
      await stopPayload(payload)
    })
  }, 120_000)

  afterAll(async () => {
    await database?.drop()
  })

  it('the reserveCatchUp job on a fresh instance delivers afterBookingConfirm and afterBookingCancel once', async () => {
    const [confirmed, cancelled] = ids
    await diesAfterAppend(confirm(confirmed))
    await diesAfterAppend(cancel(cancelled))
    // Both changes are committed; neither document nor any after-hook has heard of them.
    expect(await statuses(confirmed)).toEqual({ document: 'pending', ledger: ['confirmed'] })
    expect(await statuses(cancelled)).toEqual({ document: 'pending', ledger: ['cancelled'] })
    expect(calls).toEqual([`beforeBookingConfirm ${confirmed} pending→confirmed`, `beforeBookingCancel ${cancelled} pending→cancelled`])

    await pastGrace()
    await runCatchUpJob()
    const delivered = [`afterBookingConfirm ${confirmed} pending→confirmed`, `afterBookingCancel ${cancelled} pending→cancelled`]
    expect(calls.slice(2).sort()).toEqual([...delivered].sort())
    expect(await statuses(confirmed)).toEqual({ document: 'confirmed', ledger: ['confirmed'] })
    expect(await statuses(cancelled)).toEqual({ document: 'cancelled', ledger: ['cancelled'] })

    // The next run, and a boot's catch-up, find nothing left to deliver.
    await runCatchUpJob()
    await onInstance(async () => undefined, true)
    expect(calls).toHaveLength(4)
  }, 180_000)

  it("a fresh instance's catch-up, started at boot, delivers a dead writer's afterBookingConfirm once", async () => {
    const id = ids[2]
    calls.length = 0
    await diesAfterAppend(confirm(id))
    expect(calls).toEqual([`beforeBookingConfirm ${id} pending→confirmed`])
    await pastGrace()
    // With in-process timers an instance starts catching up as it boots, without waiting for a
    // request or a job (it serves requests meanwhile: they decide on the ledger).
    await onInstance(async (payload) => {
      await ledgerServices.of(payload).catchUp.settle()
      expect((await payload.findByID({ collection: 'reservations', id })).status).toBe('confirmed')
    }, true)
    expect(calls).toEqual([`beforeBookingConfirm ${id} pending→confirmed`, `afterBookingConfirm ${id} pending→confirmed`])
    await onInstance(async () => undefined, true)
    await runCatchUpJob()
    expect(calls).toHaveLength(2)
  }, 180_000)
})
