import type { Payload } from 'payload'

import { APIError } from 'payload'
import { beforeEach, describe, expect, it } from 'vitest'

import type { BookingTransitionHook, ReserveLedgerOptions } from '../../../src/plugin/options.js'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { login } from '../../helpers/payload.js'
import { guestTokens } from '../../support/guest-tokens.js'
import { postJson } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN, errorPaths } from '../support/plugin-http.js'

type Call = { doc: { notes?: unknown; status: string }; hook: string; previousStatus: string }

/** Records every call of the four transition hooks; the before hooks refuse as the booking's notes ask. */
const recorder = () => {
  const calls: Call[] = []
  const record =
    (hook: string): BookingTransitionHook =>
    ({ doc, previousStatus }) => {
      calls.push({ doc, hook, previousStatus })
      if (hook.startsWith('before') && doc.notes === 'refuse') {
        throw new Error('The deposit is not paid')
      }
      if (hook.startsWith('before') && doc.notes === 'forbid') {
        throw new APIError('Not while the clinic is closed', 403)
      }
    }
  const hooks = {
    afterBookingCancel: [record('afterBookingCancel')],
    afterBookingConfirm: [record('afterBookingConfirm')],
    beforeBookingCancel: [record('beforeBookingCancel')],
    beforeBookingConfirm: [record('beforeBookingConfirm')],
  }
  return { calls, hooks, names: () => calls.map(({ hook }) => hook) }
}

const seed = async (payload: Payload) => {
  const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Check-up' } })
  const resource = await payload.create({ collection: 'resources', data: { name: 'Room', quantity: 5, services: [service.id] } })
  await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
  return { resource: resource.id, service: service.id }
}

const statusEvents = async (payload: Payload, id: string) =>
  (await ledgerServices.of(payload).ledger.history(id)).filter((event) => event.type === 'ReservationStatusChanged')

describe.each(testDatabaseKinds())('confirm and cancel hooks (%s)', (kind) => {
  const hooks = recorder()
  const tokens = guestTokens()
  const site = usePayloadOn(kind, {
    allowGuestBooking: true,
    hooks: { ...hooks.hooks, afterBookingCreate: [tokens.remember] },
  })
  let ids: { resource: number | string; service: number | string }
  let hour = 0
  const book = async (notes: string, status?: string) =>
    site.payload.create({
      collection: 'reservations',
      data: { notes, resource: ids.resource, service: ids.service, startTime: new Date(Date.UTC(2031, 2, 3, hour++)).toISOString(), ...(status && { status }) },
    })

  beforeEach(async () => {
    ids ??= await seed(site.payload)
    hooks.calls.length = 0
  })

  it('confirming calls beforeBookingConfirm with the reservation as it will be, then afterBookingConfirm once it is saved', async () => {
    const booking = await book('first visit')
    const confirmed = await site.payload.update({ collection: 'reservations', data: { status: 'confirmed' }, id: booking.id })
    expect(confirmed.status).toBe('confirmed')
    expect(hooks.names()).toEqual(['beforeBookingConfirm', 'afterBookingConfirm'])
    expect(hooks.calls.map(({ doc, previousStatus }) => [doc.status, previousStatus])).toEqual([
      ['confirmed', 'pending'],
      ['confirmed', 'pending'],
    ])
  })

  it('a beforeBookingConfirm that throws refuses with 400 on status, appends nothing and calls no after hook', async () => {
    const booking = await book('refuse')
    await expect(site.payload.update({ collection: 'reservations', data: { status: 'confirmed' }, id: booking.id })).rejects.toMatchObject({
      data: { errors: [{ message: 'The deposit is not paid', path: 'status' }] },
      status: 400,
    })
    expect(hooks.names()).toEqual(['beforeBookingConfirm'])
    expect(await statusEvents(site.payload, String(booking.id))).toEqual([])
    expect((await site.payload.findByID({ collection: 'reservations', id: booking.id })).status).toBe('pending')
  })

  it("a hook's own 4xx stands, over REST too", async () => {
    const booking = await book('forbid')
    await expect(site.payload.update({ collection: 'reservations', data: { status: 'confirmed' }, id: booking.id })).rejects.toMatchObject({
      message: 'Not while the clinic is closed',
      status: 403,
    })
    expect(await statusEvents(site.payload, String(booking.id))).toEqual([])
  })

  it('a guest cancelling with the token calls the cancel hooks; a refusing beforeBookingCancel keeps the booking and appends nothing', async () => {
    const guestBooking = await postJson(site.payload, '/api/reserve/book', {
      guest: { email: 'gail@example.test', name: 'Gail' },
      notes: 'refuse',
      resource: ids.resource,
      service: ids.service,
      startTime: new Date(Date.UTC(2031, 2, 4, hour++)).toISOString(),
    })
    expect(guestBooking.status).toBe(201)
    const token = tokens.tokens.get(String(guestBooking.body.id))
    const cancelRefused = await postJson(site.payload, '/api/reserve/cancel', { reservationId: guestBooking.body.id, token })
    expect(cancelRefused.status).toBe(400)
    expect(errorPaths(cancelRefused.body)).toEqual(['status'])
    expect(await statusEvents(site.payload, String(guestBooking.body.id))).toEqual([])
    expect((await site.payload.findByID({ collection: 'reservations', id: guestBooking.body.id })).status).toBe('pending')

    await site.payload.update({ collection: 'reservations', data: { notes: 'changed my mind' }, id: guestBooking.body.id })
    hooks.calls.length = 0
    const cancelled = await postJson(site.payload, '/api/reserve/cancel', { reservationId: guestBooking.body.id, token })
    expect(cancelled.status).toBe(200)
    expect(hooks.names()).toEqual(['beforeBookingCancel', 'afterBookingCancel'])
    expect(hooks.calls.every(({ doc, previousStatus }) => doc.status === 'cancelled' && previousStatus === 'pending')).toBe(true)
  })

  it('other moves and a booking made confirmed call none of them', async () => {
    const booking = await book('quiet', 'confirmed')
    await site.payload.update({ collection: 'reservations', data: { status: 'completed' }, id: booking.id })
    expect(hooks.names()).toEqual([])
  })
})

describe.each(testDatabaseKinds())('confirmStatus and cancelStatus of a custom machine (%s)', (kind) => {
  const hooks = recorder()
  const statusMachine: NonNullable<ReserveLedgerOptions['statusMachine']> = {
    blockingStatuses: ['requested', 'approved'],
    cancelStatus: 'withdrawn',
    confirmStatus: 'approved',
    defaultStatus: 'requested',
    statuses: ['requested', 'approved', 'withdrawn', 'done'],
    terminalStatuses: ['withdrawn', 'done'],
    transitions: { approved: ['done', 'withdrawn'], done: [], requested: ['approved', 'withdrawn'], withdrawn: [] },
  }
  const site = usePayloadOn(kind, { hooks: hooks.hooks, statusMachine })

  it('fires the hooks on the statuses the machine names, and cancels into its cancel status', async () => {
    const ids = await seed(site.payload)
    const booking = await site.payload.create({
      collection: 'reservations',
      data: { resource: ids.resource, service: ids.service, startTime: '2031-04-01T09:00:00.000Z' },
    })
    await site.payload.update({ collection: 'reservations', data: { status: 'approved' }, id: booking.id })
    await site.payload.create({ collection: 'users', data: { email: 'admin@example.test', password: 'pw-123456', role: 'admin' } })
    const token = await login(site.payload, { email: 'admin@example.test', password: 'pw-123456' })
    const cancelled = await postJson(site.payload, '/api/reserve/cancel', { reservationId: booking.id }, token)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.status).toBe('withdrawn')
    expect(hooks.names()).toEqual(['beforeBookingConfirm', 'afterBookingConfirm', 'beforeBookingCancel', 'afterBookingCancel'])
  })
})
