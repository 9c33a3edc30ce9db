import type { CollectionConfig, Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { reserveLedgerPlugin } from '../../../src/index.js'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { login, startPayload, stopPayload } from '../../helpers/payload.js'
import { getJson, postJson, sendJson } from '../../support/http.js'

/**
 * A site's users as Payload's templates make them: an auth collection with no fields of its own.
 * A new object for each boot: Payload's sanitization writes into the one it is given.
 */
const plainUsers = (): CollectionConfig => ({ slug: 'users', auth: true, fields: [] })

const password = 'secret-password'

describe.each(testDatabaseKinds())('a users collection without a role field, on %s', (kind) => {
  let database: TestDatabase
  let payload: Payload

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    payload = await startPayload({ collections: [plainUsers()], database, plugins: [reserveLedgerPlugin()] })
  })

  afterAll(async () => {
    await stopPayload(payload)
    await database.drop()
  })

  it("gets the plugin's role field; the first user, registered in the admin, is its admin and manages the ledger", async () => {
    const registered = await postJson(payload, '/api/users/first-register', { email: 'owner@example.test', password })
    expect(registered.status).toBe(200)
    expect(registered.body.user.role).toBe('admin')
    const token = registered.body.token as string

    const service = await postJson(payload, '/api/services', { duration: 30, durationType: 'fixed', name: 'Visit' }, token)
    expect(service.status).toBe(201)
    expect((await getJson(payload, '/api/reservations', token)).status).toBe(200)
    expect((await getJson(payload, '/api/customers', token)).status).toBe(200)
  })

  it('lets only an admin give a role: a user cannot make themselves staff, the admin can', async () => {
    const token = await login(payload, { email: 'owner@example.test', password })
    const created = await postJson(payload, '/api/users', { email: 'helper@example.test', password, role: 'admin' }, token)
    expect(created.status).toBe(201)
    expect(created.body.doc.role).toBe('admin')

    const plain = await postJson(payload, '/api/users', { email: 'plain@example.test', password }, token)
    expect(plain.status).toBe(201)
    expect(plain.body.doc.role ?? null).toBeNull()
    const own = await login(payload, { email: 'plain@example.test', password })
    const promoted = await sendJson(payload, 'PATCH', `/api/users/${plain.body.doc.id}`, { role: 'admin' }, own)
    expect(promoted.status).toBe(200)
    expect(promoted.body.doc.role ?? null).toBeNull()
    // Without a role the plugin's collections stay closed to them.
    expect((await postJson(payload, '/api/services', { duration: 30, durationType: 'fixed', name: 'Sneaky' }, own)).status).toBe(403)

    const staffed = await sendJson(payload, 'PATCH', `/api/users/${plain.body.doc.id}`, { role: 'staff' }, token)
    expect(staffed.body.doc.role).toBe('staff')
    expect((await getJson(payload, '/api/reservations', own)).status).toBe(200)
  })
})

describe('a users collection with a role field of its own', () => {
  let database: TestDatabase
  let payload: Payload

  beforeAll(async () => {
    database = await createTestDatabase('sqlite')
    const users: CollectionConfig = {
      slug: 'users',
      auth: true,
      fields: [{ name: 'role', type: 'text', defaultValue: 'admin' }],
    }
    payload = await startPayload({ collections: [users], database, plugins: [reserveLedgerPlugin()] })
  })

  afterAll(async () => {
    await stopPayload(payload)
    await database.drop()
  })

  it('keeps it as the site defined it', () => {
    const roleFields = payload.collections.users.config.fields.filter((field) => 'name' in field && field.name === 'role')
    expect(roleFields).toHaveLength(1)
    expect(roleFields[0]).toMatchObject({ type: 'text', defaultValue: 'admin' })
  })
})

describe.each(testDatabaseKinds())('a site whose users predate the role, on %s', (kind) => {
  let database: TestDatabase
  const warnings: string[] = []
  let payload: Payload

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    // Its admin, made before the plugin was installed: no role.
    const before = await startPayload({ collections: [plainUsers()], database })
    await before.create({ collection: 'users', data: { email: 'old-admin@example.test', password } })
    await stopPayload(before)
    const destination = { write: (line: string) => void warnings.push((JSON.parse(line) as { msg: string }).msg) }
    payload = await startPayload({
      collections: [plainUsers()],
      config: { logger: { destination, options: { level: 'warn' } } },
      database,
      plugins: [reserveLedgerPlugin()],
    })
  })

  afterAll(async () => {
    await stopPayload(payload)
    await database.drop()
  })

  it('is told at start that nobody may manage reservations, and which role to give its admin', async () => {
    await expect
      .poll(() => warnings.filter((line) => line.startsWith('payload-reserve-ledger: no user of "users" has a role')), { timeout: 10_000 })
      .toEqual([
        'payload-reserve-ledger: no user of "users" has a role that manages reservations (admin, staff), so every one of them is refused the reservations and customers (403). Set your admin\'s role to admin.',
      ])
    const token = await login(payload, { email: 'old-admin@example.test', password })
    expect((await getJson(payload, '/api/reservations', token)).status).toBe(403)
  })
})
