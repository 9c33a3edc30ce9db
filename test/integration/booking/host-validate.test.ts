import type { Field, Payload, Plugin } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { reserveLedgerPlugin } from '../../../src/index.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { graphqlRequest, login, restRequest, startPayload, stopPayload } from '../../helpers/payload.js'
import { type JsonResponse, postJson } from '../../support/http.js'
import { ALWAYS_OPEN, errorPaths } from '../support/plugin-http.js'

const REFUSED = 'Notes must not mention a competitor'

/** A host's own `validate` on fields of the plugin's reservations collection, as a plugin after ours. */
const hostValidate: Plugin = (config) => ({
  ...config,
  collections: (config.collections ?? []).map((collection) => {
    if (collection.slug !== 'reservations') {
      return collection
    }
    const withValidate = (field: Field): Field => {
      if ('name' in field && field.name === 'notes') {
        return { ...field, validate: (value: unknown) => (typeof value === 'string' && value.includes('Competitor') ? REFUSED : true) } as Field
      }
      if (field.type === 'group' && 'name' in field && field.name === 'guest') {
        return {
          ...field,
          fields: field.fields.map((sub) =>
            'name' in sub && sub.name === 'name'
              ? ({ ...sub, validate: (value: unknown) => (value === 'Mallory' ? 'Not this guest' : true) } as Field)
              : sub,
          ),
        }
      }
      return field
    }
    return { ...collection, fields: collection.fields.map(withValidate) }
  }),
})

describe.each(testDatabaseKinds())('a host-added validate is honoured before anything is appended (%s)', (kind) => {
  let database: TestDatabase
  let payload: Payload
  let staffToken: string

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    payload = await startPayload({
      database,
      plugins: [
        reserveLedgerPlugin({ allowGuestBooking: true, catchUp: { graceMs: 300, intervalMs: 60_000 }, userCollection: 'users' }),
        hostValidate,
      ],
    })
    await payload.create({ collection: 'users', data: { email: 'staff@example.test', password: 'staff-pass', role: 'admin' } })
    staffToken = await login(payload, { email: 'staff@example.test', password: 'staff-pass' })
  })

  afterAll(async () => {
    if (payload) {
      await stopPayload(payload)
    }
    await database?.drop()
  })

  const events = async () => (await ledgerServices.of(payload).store.readAll({ limit: 100_000 })).length

  const seed = async () => {
    const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Cut' } })
    const resource = await payload.create({ collection: 'resources', data: { name: 'Chair', quantity: 1, services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    return { resource: resource.id, service: service.id }
  }

  const gql = async (data: Record<string, unknown>): Promise<JsonResponse> => {
    const response = await graphqlRequest(
      payload,
      JSON.stringify({ query: 'mutation ($data: mutationReservationInput!) { createReservation(data: $data) { id } }', variables: { data } }),
    )
    return { body: await response.json(), status: response.status }
  }

  it.each([
    ['notes', { notes: 'Competitor was cheaper' }, 'notes', REFUSED],
    ['guest.name', { guest: { email: 'm@example.test', name: 'Mallory' } }, 'guest.name', 'Not this guest'],
  ])('refuses %s over /api/reserve/book and REST with a 400 on the field, and the slot stays bookable', async (_field, bad, path, text) => {
    const ids = await seed()
    const base = { guest: { email: 'ada@example.test', name: 'Ada' }, resource: ids.resource, service: ids.service, startTime: '2031-06-02T09:00:00.000Z' }
    const before = await events()
    for (const [route, token] of [
      ['/api/reserve/book', undefined],
      ['/api/reservations', undefined],
      ['/api/reserve/book', staffToken],
      ['/api/reservations', staffToken],
    ] as const) {
      const response = await postJson(payload, route, { ...base, ...bad }, token)
      expect({ route, status: response.status, token: Boolean(token) }).toEqual({ route, status: 400, token: Boolean(token) })
      expect(errorPaths(response.body)).toEqual([path])
      expect(response.body.errors[0].data.errors[0].message).toBe(text)
    }
    expect(await events()).toBe(before)
    expect((await payload.find({ collection: 'reservations', where: { resource: { equals: ids.resource } } })).totalDocs).toBe(0)
    // The slot is free at once: no claim was made, nothing for catch-up to find.
    const booked = await postJson(payload, '/api/reserve/book', base)
    expect(booked.status).toBe(201)
  })

  const patchJson = async (path: string, body: unknown): Promise<JsonResponse> => {
    const response = await restRequest(payload, path, {
      body: JSON.stringify(body),
      headers: { Authorization: `JWT ${staffToken}`, 'Content-Type': 'application/json' },
      method: 'PATCH',
    })
    return { body: await response.json(), status: response.status }
  }

  it('refuses it over GraphQL and on a staff update too, and appends nothing', async () => {
    const ids = await seed()
    const base = { guest: { email: 'ada@example.test', name: 'Ada' }, resource: ids.resource, service: ids.service, startTime: '2031-06-03T09:00:00.000Z' }
    const before = await events()
    const refused = await gql({ ...base, notes: 'Competitor' })
    expect(refused.body.errors[0].extensions.data.errors).toEqual([expect.objectContaining({ message: REFUSED, path: 'notes' })])
    expect(await events()).toBe(before)

    const booked = await payload.create({ collection: 'reservations', data: { ...base, notes: 'fine' } })
    const afterCreate = await events()
    const response = await patchJson(`/api/reservations/${booked.id}`, { notes: 'Competitor' })
    expect(response.status).toBe(400)
    expect(errorPaths(response.body)).toEqual(['notes'])
    expect(await events()).toBe(afterCreate)
    expect((await payload.findByID({ collection: 'reservations', id: booked.id })).notes).toBe('fine')
  })
})

