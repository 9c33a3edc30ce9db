// Next's dev server evaluates payload.config once per route bundle, and Payload's GraphQL route
// builds its schema from its own copy, while Payload runs the instance the first copy built.
// Here the GraphQL route is given a second copy of the config, built the same way.
import type { Plugin, SanitizedConfig } from 'payload'

import { buildConfig } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { reserveLedgerPlugin } from '../../../src/index.js'
import { reservationStream } from '../../../src/events/stream-names.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { graphqlRequest, login, usersCollection } from '../../helpers/payload.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

const PASSWORD = 'pw-123456'
const OPTIONS = { allowGuestBooking: true, catchUp: { graceMs: 300, intervalMs: 60_000 }, userCollection: 'users' }

/**
 * Site hooks that record which copy of the config ran them: on the plugin's reservations and on
 * the site's users, which the plugin extends (customers in userCollection mode, with a delete guard).
 */
const recordsCopy =
  (label: string, ran: string[]): Plugin =>
  (config) => ({
    ...config,
    collections: (config.collections ?? []).map((collection) =>
      collection.slug !== 'reservations' && collection.slug !== 'users'
        ? collection
        : {
            ...collection,
            hooks: {
              ...collection.hooks,
              beforeChange: [...(collection.hooks?.beforeChange ?? []), ({ data }) => (ran.push(`${label} ${collection.slug}`), data)],
              // First: the plugin's delete guard may refuse.
              beforeDelete: [() => void ran.push(`${label} ${collection.slug}`), ...(collection.hooks?.beforeDelete ?? [])],
            },
          },
    ),
  })

describe.each(testDatabaseKinds())('an operation given another copy of the config (%s)', (kind) => {
  const ran: string[] = []
  const site = usePayloadOn(kind, OPTIONS, [recordsCopy('running', ran)])
  let copy: SanitizedConfig
  let admin: string
  let booking: Record<string, unknown>

  beforeAll(async () => {
    const { payload } = site
    copy = await buildConfig({
      admin: { avatar: 'default', user: 'users' },
      collections: [usersCollection],
      db: site.database.adapter(),
      plugins: [reserveLedgerPlugin(OPTIONS), recordsCopy('copy', ran)],
      secret: 'another copy',
      telemetry: false,
      typescript: { autoGenerate: false },
    })
    const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Consultation' } })
    const resource = await payload.create({ collection: 'resources', data: { name: 'Anna', services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    await payload.create({ collection: 'users', data: { email: 'admin@copies.test', password: PASSWORD, role: 'admin' } })
    admin = await login(payload, { email: 'admin@copies.test', password: PASSWORD })
    booking = { guest: { email: 'ada@copies.test', name: 'Ada' }, resource: resource.id, service: service.id, startTime: '2031-05-06T09:00:00.000Z' }
  })

  const graphql = async (query: string, variables: Record<string, unknown>, token?: string) =>
    (await (await graphqlRequest(site.payload, JSON.stringify({ query, variables }), token ? { Authorization: `JWT ${token}` } : {}, copy)).json()) as {
      data: Record<string, null | Record<string, unknown>>
      errors?: Array<{ extensions: { statusCode: number }; message: string }>
    }

  it('runs on the config Payload runs: booked in its ledger, a taken time refused with 409, a status change appended', async () => {
    const book = 'mutation ($data: mutationReservationInput!) { createReservation(data: $data) { id status } }'
    ran.length = 0
    const booked = await graphql(book, { data: booking })
    expect(booked.errors).toBeUndefined()
    const id = String(booked.data.createReservation?.id)
    expect(ran).toEqual(['running reservations'])

    const taken = await graphql(book, { data: booking })
    expect(taken.errors?.map(({ extensions, message }) => [extensions.statusCode, message])).toEqual([[409, 'The requested time is not available']])

    const confirmed = await graphql('mutation ($id: String!) { updateReservation(id: $id, data: { status: confirmed }) { status } }', { id }, admin)
    expect(confirmed.errors).toBeUndefined()
    expect(confirmed.data.updateReservation).toEqual({ status: 'confirmed' })

    const events = await ledgerServices.of(site.payload).store.readStream(reservationStream(id))
    expect(events.map(({ type }) => type)).toEqual(['ReservationBooked', 'ReservationStatusChanged'])
    expect(ran.every((label) => label.startsWith('running '))).toBe(true)
  })

  it("runs the site's users collection on it too: a customer with an upcoming booking is not deleted", async () => {
    const { payload } = site
    const customer = await payload.create({ collection: 'users', data: { email: 'bo@copies.test', password: PASSWORD, role: 'customer' } })
    await payload.create({ collection: 'reservations', data: { ...booking, customer: customer.id, guest: undefined, startTime: '2031-05-07T09:00:00.000Z' } })
    ran.length = 0

    const deleted = await graphql('mutation ($id: Int!) { deleteUser(id: $id) { id } }', { id: customer.id }, admin)
    expect(deleted.errors?.map(({ extensions, message }) => [extensions.statusCode, message])).toEqual([
      [409, 'This customer cannot be deleted: 1 upcoming booking still holds time. Cancel it first.'],
    ])
    expect(ran).toEqual(['running users'])
    expect(await payload.count({ collection: 'users', where: { id: { equals: customer.id } } })).toEqual({ totalDocs: 1 })
  })
})
