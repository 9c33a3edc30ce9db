import type { CollectionConfig, Plugin } from 'payload'

import { describe, expect, it, vi } from 'vitest'

import type { ReservationEvent } from '../../../src/events/types.js'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { postJson } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

type Hooks = NonNullable<CollectionConfig['hooks']>

/** Where a write fails after the ledger has appended. */
const FAULTS = {
  'during the insert': 'insert',
  'in afterChange': 'afterChange',
  'in a host hook after the save (afterRead)': 'afterRead',
  'in a host afterOperation hook': 'afterOperation',
} as const

type Fault = 'beforeChange' | (typeof FAULTS)[keyof typeof FAULTS]

const afterBookingCreate = vi.fn()

describe.each(testDatabaseKinds())('a refused or failed write leaves no trace (%s)', (kind) => {
  let failAt: Fault | null = null
  /** Another writer's change, made once between a request's decision and its append. */
  let meanwhile: (() => Promise<unknown>) | null = null

  const injected = (where: Fault) => () => {
    if (failAt === where) {
      throw new Error(`injected failure ${where}`)
    }
  }

  /** A site's own hooks on the collection and a database adapter that fails the insert, as a plugin after ours. */
  const hostFaults: Plugin = (config) => ({
    ...config,
    collections: (config.collections ?? []).map((collection) => {
      if (collection.slug !== 'reservations') {
        return collection
      }
      const hooks: Hooks = collection.hooks ?? {}
      return {
        ...collection,
        hooks: {
          ...hooks,
          afterChange: [...(hooks.afterChange ?? []), injected('afterChange')],
          afterOperation: [...(hooks.afterOperation ?? []), ({ result }) => (injected('afterOperation')(), result)],
          afterRead: [...(hooks.afterRead ?? []), injected('afterRead')],
          beforeChange: [
            ...(hooks.beforeChange ?? []),
            injected('beforeChange'),
            async () => {
              const write = meanwhile
              meanwhile = null
              await write?.()
            },
          ],
        },
      }
    }),
    db: {
      ...config.db,
      init: (args) => {
        const adapter = config.db.init(args)
        const create = adapter.create.bind(adapter)
        adapter.create = (createArgs) => {
          if (createArgs.collection === 'reservations') {
            injected('insert')()
          }
          return create(createArgs)
        }
        return adapter
      },
    },
  })

  const site = usePayloadOn(kind, { allowGuestBooking: true, hooks: { afterBookingCreate: [afterBookingCreate] } }, [hostFaults])

  const seed = async () => {
    const service = await site.payload.create({ collection: 'services', data: { duration: 60, name: 'Fault', allowGuestBooking: 'enabled' } })
    const resource = await site.payload.create({
      collection: 'resources',
      data: { name: 'Fault', quantity: 1, services: [service.id] },
    })
    await site.payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    return { resource: resource.id, service: service.id }
  }

  const guestBooking = (ids: { resource: number | string; service: number | string }, startTime: string, email = 'ada@example.test') => ({
    guest: { email, name: 'Ada' },
    resource: ids.resource,
    service: ids.service,
    startTime,
  })

  const reservationStreams = async () => {
    const events = await ledgerServices.of(site.payload).store.readAll({ limit: 100_000, streamPrefix: 'reserve-reservation-' })
    return events as unknown as Array<ReservationEvent & { stream: string }>
  }

  it('answers 400 to a guest booking with an e-mail Payload refuses, appends nothing, and the slot stays bookable', async () => {
    const ids = await seed()
    const before = (await reservationStreams()).length
    const startTime = '2031-03-03T09:00:00.000Z'

    const refused = await postJson(site.payload, '/api/reserve/book', guestBooking(ids, startTime, 'not an email'))
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain('Guest > Email')
    expect((await reservationStreams()).length).toBe(before)

    const retried = await postJson(site.payload, '/api/reserve/book', guestBooking(ids, startTime))
    expect(retried.status).toBe(201)
  })

  it('appends nothing for a booking a host beforeChange hook after the plugin’s refuses, on REST and the Local API', async () => {
    const ids = await seed()
    const startTime = '2031-03-07T09:00:00.000Z'
    afterBookingCreate.mockClear()
    const before = (await reservationStreams()).length
    failAt = 'beforeChange'
    const rest = await postJson(site.payload, '/api/reserve/book', guestBooking(ids, startTime))
    const local = await site.payload.create({ collection: 'reservations', data: guestBooking(ids, startTime) }).then(
      () => 'created',
      (error: Error) => error.message,
    )
    failAt = null
    expect({ local, rest: rest.status }).toEqual({ local: 'injected failure beforeChange', rest: 500 })
    // The ledger appends in the document's save, which the hook's refusal never reached.
    expect((await reservationStreams()).length).toBe(before)
    expect(afterBookingCreate).not.toHaveBeenCalled()
    const retried = await site.payload.create({ collection: 'reservations', data: guestBooking(ids, startTime) })
    expect(retried.startTime).toBe(startTime)
  })

  it.each(Object.entries(FAULTS))('voids a booking that fails %s: an error, no claim, no document, no hook', async (_name, where) => {
    const ids = await seed()
    const startTime = '2031-03-04T09:00:00.000Z'
    afterBookingCreate.mockClear()

    const voidedStreams = async () =>
      new Set((await reservationStreams()).filter((event) => event.type === 'ReservationWriteVoided').map((event) => event.stream))
    for (const route of ['rest', 'local'] as const) {
      const voidedEarlier = await voidedStreams()
      failAt = where as Fault
      let failed: boolean
      if (route === 'rest') {
        const response = await postJson(site.payload, '/api/reserve/book', guestBooking(ids, startTime))
        failed = response.status >= 400
      } else {
        failed = await site.payload
          .create({ collection: 'reservations', data: guestBooking(ids, startTime) })
          .then(() => false, () => true)
      }
      failAt = null
      expect({ failed, route }).toEqual({ failed: true, route })

      // The slot is free again at once: the very same booking now succeeds.
      const retried = await site.payload.create({ collection: 'reservations', data: guestBooking(ids, startTime) })
      const { docs } = await site.payload.find({ collection: 'reservations', where: { resource: { equals: ids.resource } } })
      expect(docs.map((doc) => doc.id)).toEqual([retried.id])

      // The failed attempt is in the ledger, voided with its reason; no hook was told of it.
      const events = await reservationStreams()
      const voided = events.filter((event) => event.type === 'ReservationWriteVoided')
      const failedStream = voided.map((event) => event.stream).find((stream) => !voidedEarlier.has(stream))
      expect(failedStream).toBeDefined()
      expect(voided.find((event) => event.stream === failedStream)?.data.reason).toMatch(
        new RegExp(`failed after the ledger appended.*: injected failure ${where}$`),
      )
      expect(afterBookingCreate.mock.calls.map(([{ doc }]) => doc.id)).toEqual([retried.id])

      // Catch-up, after its grace period, does not bring the voided booking back.
      await new Promise((resolve) => setTimeout(resolve, 400))
      await ledgerServices.of(site.payload).catchUp.run()
      expect((await site.payload.find({ collection: 'reservations', where: { resource: { equals: ids.resource } } })).totalDocs).toBe(1)
      expect(afterBookingCreate).toHaveBeenCalledTimes(1)

      await site.payload.delete({ collection: 'reservations', id: retried.id })
      afterBookingCreate.mockClear()
    }
  })

  it('voids a move that fails after its append: the booking keeps its old time and claim', async () => {
    const ids = await seed()
    const booked = await site.payload.create({ collection: 'reservations', data: guestBooking(ids, '2031-03-05T09:00:00.000Z') })
    failAt = 'afterChange'
    await expect(
      site.payload.update({ collection: 'reservations', data: { startTime: '2031-03-05T12:00:00.000Z' }, id: booked.id }),
    ).rejects.toThrow(/injected failure/)
    failAt = null

    const stored = await site.payload.findByID({ collection: 'reservations', id: booked.id })
    expect(stored.startTime).toBe('2031-03-05T09:00:00.000Z')
    // 12:00 is free, 09:00 is still held.
    await expect(
      site.payload.create({ collection: 'reservations', data: guestBooking(ids, '2031-03-05T12:00:00.000Z') }),
    ).resolves.toMatchObject({ startTime: '2031-03-05T12:00:00.000Z' })
    await expect(
      site.payload.create({ collection: 'reservations', data: guestBooking(ids, '2031-03-05T09:00:00.000Z') }),
    ).rejects.toMatchObject({ status: 409 })
  })

  it('voids only its own events when another writer changed the booking between its decision and its append', async () => {
    const ids = await seed()
    const booked = await site.payload.create({ collection: 'reservations', data: guestBooking(ids, '2031-03-08T09:00:00.000Z') })
    // A receptionist's note lands after the move was decided and before it was appended.
    meanwhile = () =>
      ledgerServices.of(site.payload).ledger.execute(
        { data: { changes: { notes: 'Called to confirm' }, reservationId: String(booked.id) }, type: 'UpdateReservationDetails' },
        { actor: { kind: 'system', name: 'receptionist' }, privileged: true },
      )
    failAt = 'afterChange'
    await expect(
      site.payload.update({ collection: 'reservations', data: { startTime: '2031-03-08T12:00:00.000Z' }, id: booked.id }),
    ).rejects.toThrow(/injected failure/)
    failAt = null
    expect(meanwhile).toBeNull()

    // The failed move is taken back; the note, which the move's request never wrote, stays.
    const stored = await site.payload.findByID({ collection: 'reservations', id: booked.id })
    expect({ notes: stored.notes, startTime: stored.startTime }).toEqual({ notes: 'Called to confirm', startTime: '2031-03-08T09:00:00.000Z' })
    const { reservation } = (await ledgerServices.of(site.payload).ledger.load(String(booked.id))).state as { reservation: { notes?: string } }
    expect(reservation.notes).toBe('Called to confirm')
  })

  it('keeps createdAt and other system fields out of the caller’s reach', async () => {
    const ids = await seed()
    const booked = await site.payload.create({ collection: 'reservations', data: guestBooking(ids, '2031-03-06T09:00:00.000Z') })
    const updated = await site.payload.update({
      collection: 'reservations',
      data: { createdAt: '2000-01-01T00:00:00.000Z', ledgerRevision: 99 },
      id: booked.id,
    })
    expect(updated.createdAt).toBe(booked.createdAt)
    const stored = await site.payload.findByID({ collection: 'reservations', id: booked.id })
    // Nothing the ledger records changed, so not even the time stamp moves.
    expect({ createdAt: stored.createdAt, ledgerRevision: stored.ledgerRevision, updatedAt: stored.updatedAt }).toEqual({
      createdAt: booked.createdAt,
      ledgerRevision: booked.ledgerRevision,
      updatedAt: booked.updatedAt,
    })
  })
})
