import type { CollectionConfig, Payload, PayloadRequest, Plugin } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { INTERCEPTIONS } from '../../../src/plugin/features/booking/write-protocol/interceptions.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { stopPayload } from '../../helpers/payload.js'
import { startReservePayload } from '../../support/reserve-payload.js'
import { postJson } from '../../support/http.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

/**
 * The write protocol replaces Payload internals (INTERCEPTIONS, src/plugin/features/booking/write-protocol/interceptions.ts):
 * what it reads of each replaced method's arguments, and the order in which Payload's create,
 * update and delete operations call them and the collection's hooks, is held here against a
 * real Payload, so that a Payload upgrade that renames, reshapes or reorders any of them fails
 * this file instead of losing ledger writes.
 */

type Hooks = NonNullable<CollectionConfig['hooks']>
type Args = Record<string, unknown> & { collection?: string; req?: PayloadRequest }

/** Every adapter method the plugin replaces (INTERCEPTIONS) or calls by name (beginTransaction), with the arity it relies on. */
const adapterMethods = (kind: string) => ({
  // db-postgres takes transaction options.
  beginTransaction: kind === 'postgres' ? 1 : 0,
  // Payload's adapters take the id as an optional parameter.
  commitTransaction: 0,
  create: 1,
  deleteMany: 1,
  deleteOne: 1,
  destroy: 0,
  rollbackTransaction: 0,
  updateMany: 1,
  updateOne: 1,
  upsert: 1,
})
const ADAPTER_METHODS = adapterMethods('sqlite')

const HOOKS = ['beforeOperation', 'beforeValidate', 'beforeChange', 'beforeDelete', 'afterChange', 'afterDelete', 'afterRead', 'afterOperation'] as const

const LEDGER_PREFIX = 'reserve-ledger-write:'

describe.each(testDatabaseKinds())('the Payload internals the write protocol replaces (%s)', (kind) => {
  let database: TestDatabase
  let payload: Payload
  /** The raw adapter's methods as Payload built them, before the plugin replaced any. */
  const raw: Record<string, unknown> = {}
  let calls: string[] = []
  let recording = false
  let failAfterChange = false

  /** Whose transaction a request carries: Payload's, the ledger's write session's, or none. */
  const transactionOf = (req: PayloadRequest | undefined): string => {
    const id = req?.transactionID
    if (id === undefined || id === null) {
      return 'none'
    }
    return typeof id === 'string' && id.startsWith(LEDGER_PREFIX) ? 'ledger' : 'payload'
  }

  /** The transaction id an adapter's commit or rollback is given (Payload's may be a promise of it), named as transactionOf does. */
  const idKind = (id: unknown): string =>
    id instanceof Promise ? 'payload' : typeof id === 'string' && id.startsWith(LEDGER_PREFIX) ? 'ledger' : id === undefined || id === null ? 'none' : 'payload'

  /** A site's hooks after the plugin's on every hook of the collection, recording when each runs. */
  const recorder: Plugin = (config) => ({
    ...config,
    collections: (config.collections ?? []).map((collection) => {
      if (collection.slug !== 'reservations') {
        return collection
      }
      const hooks: Hooks = collection.hooks ?? {}
      const added = Object.fromEntries(
        HOOKS.map((name) => [
          name,
          [
            ...((hooks[name] as unknown[] | undefined) ?? []),
            (args: { data?: unknown; doc?: unknown; operation?: string; req: PayloadRequest; result?: unknown }) => {
              if (recording && !(name === 'afterRead' && args.req.context.guardRead === false)) {
                calls.push(`hook ${name} [${transactionOf(args.req)}]`)
              }
              if (name === 'afterChange' && failAfterChange) {
                throw new Error('host afterChange failed')
              }
              return name === 'afterOperation' ? args.result : name === 'beforeOperation' ? undefined : (args.data ?? args.doc)
            },
          ],
        ]),
      )
      return { ...collection, hooks: { ...hooks, ...added } }
    }),
    db: {
      ...config.db,
      init: (args) => {
        const adapter = config.db.init(args)
        for (const method of Object.keys(ADAPTER_METHODS)) {
          raw[method] = (adapter as unknown as Record<string, unknown>)[method]
        }
        return adapter
      },
    },
  })

  /** The adapter methods the plugin replaced at init, read before this file records over them. */
  let replaced: string[] = []

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    payload = await startReservePayload(database, { allowGuestBooking: true }, [recorder])
    replaced = Object.keys(ADAPTER_METHODS).filter((method) => (payload.db as unknown as Record<string, unknown>)[method] !== raw[method])
    // Outermost, over the plugin's replacements: what Payload itself passes.
    const db = payload.db as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
    for (const method of Object.keys(ADAPTER_METHODS)) {
      const theirs = db[method].bind(payload.db)
      db[method] = async (...args: unknown[]) => {
        if (recording) {
          const [first] = args as [Args]
          if (method === 'commitTransaction' || method === 'rollbackTransaction') {
            calls.push(`db.${method}(${idKind(first)})`)
          } else if (method === 'beginTransaction' || method === 'destroy') {
            calls.push(`db.${method}`)
          } else if (first?.collection === 'reservations') {
            calls.push(`db.${method}(${shapeOf(method, first)}) [${transactionOf(first.req)}]`)
          }
        }
        return theirs(...args)
      }
    }
  })

  afterAll(async () => {
    await database?.drop()
  })

  /** What the plugin's replacement reads of a write's arguments (append-on-save.ts, watch-failures.ts). */
  const shapeOf = (method: string, args: Args): string => {
    const data = args.data as Record<string, unknown> | undefined
    const where = args.where as undefined | { and?: Array<{ id?: { equals?: unknown } }>; id?: { equals?: unknown } }
    const req = args.req ? 'req' : 'no req'
    if (method === 'create') {
      return `data.id ${data && 'id' in data ? 'set' : 'missing'}, ${req}`
    }
    if (method === 'updateOne') {
      const by = 'id' in args && args.id !== undefined ? 'id' : where?.id?.equals !== undefined ? 'where.id' : where?.and?.[0]?.id?.equals !== undefined ? 'where.and[0].id' : 'no id'
      return `${by}, ${req}`
    }
    return req
  }

  const record = async (run: () => Promise<unknown>): Promise<string[]> => {
    calls = []
    recording = true
    try {
      await run().catch(() => undefined)
    } finally {
      recording = false
    }
    return calls
  }

  const seed = async () => {
    const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Guard' } })
    const resource = await payload.create({ collection: 'resources', data: { name: 'Guard', quantity: 1, services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    return { resource: resource.id, service: service.id }
  }

  it('the table of interceptions lists exactly the adapter methods the plugin replaces', () => {
    const listed = INTERCEPTIONS.map(({ method }) => method).filter((method) => method.startsWith('db.'))
    expect([...new Set(listed)].sort()).toEqual(replaced.map((method) => `db.${method}`).sort())
  })

  it('has every adapter method the plugin replaces, with the arity its replacement takes', () => {
    const found = Object.fromEntries(Object.keys(ADAPTER_METHODS).map((method) => [method, typeof raw[method] === 'function' ? (raw[method] as () => unknown).length : 'missing']))
    expect(found).toEqual(adapterMethods(kind))
  })

  /**
   * Payload's create and update, as the write protocol relies on them: the operation's
   * transaction begins, and is committed by the plugin's beforeOperation (it is given as a
   * promise) and replaced by the write session's id; the hooks before the save run inside the
   * session; the adapter's insert or update is given the request and the document's id where
   * the plugin reads them; the host's afterOperation, added after the plugin's, still runs
   * inside the session: Payload reads the hook lists the plugin reordered at init, and the
   * plugin's own runs last and ends the session.
   */
  const sessionBefore = ['db.beginTransaction', 'db.commitTransaction(payload)', 'hook beforeOperation [ledger]', 'hook beforeValidate [ledger]', 'hook beforeChange [ledger]']
  const sessionAfter = ['hook afterRead [ledger]', 'hook afterChange [ledger]', 'hook afterOperation [ledger]']
  /** Payload's end of an operation: on PostgreSQL it commits the request's transaction id, which the session removed. */
  const operationEnd = () => (kind === 'postgres' ? ['db.commitTransaction(none)'] : [])

  it('a create: transactions, hooks and the insert in the order the write protocol relies on, on the Local API and REST', async () => {
    const ids = await seed()
    const booking = (startTime: string) => ({ guest: { email: 'g@example.test', name: 'G' }, resource: ids.resource, service: ids.service, startTime })
    const local = await record(() => payload.create({ collection: 'reservations', data: booking('2031-05-05T09:00:00.000Z') }))
    expect(local).toEqual([...sessionBefore, 'db.create(data.id set, req) [ledger]', ...sessionAfter, ...operationEnd()])
    const rest = await record(() => postJson(payload, '/api/reserve/book', booking('2031-05-05T11:00:00.000Z')))
    // POST /api/reserve/book creates with `disableTransaction`: Payload begins none, the session still ends it.
    expect(rest).toEqual([...sessionBefore.slice(2), 'db.create(data.id set, req) [ledger]', ...sessionAfter])
  })

  it("an update: one save by id, carrying the ledger's time in place of the one Payload stamped", async () => {
    const ids = await seed()
    const booked = await payload.create({
      collection: 'reservations',
      data: { guest: { email: 'g@example.test', name: 'G' }, resource: ids.resource, service: ids.service, startTime: '2031-05-06T09:00:00.000Z' },
    })
    const update = await record(() => payload.update({ collection: 'reservations', data: { notes: 'moved' }, id: booked.id }))
    // No second write sets the time back (between the two, another process would see Payload's);
    // the last is the host hooks' checkpoint, once the session ended.
    expect(update).toEqual([...sessionBefore, 'db.updateOne(id, req) [ledger]', ...sessionAfter, 'db.updateOne(where.and[0].id, req) [none]', ...operationEnd()])
    const { state } = await ledgerServices.of(payload).ledger.load(String(booked.id))
    const stored = await payload.findByID({ collection: 'reservations', id: booked.id })
    expect(state.kind === 'active' && state.reservation.updatedAt).toBe(stored.updatedAt)
  })

  it('a failed update: Payload rolls back the write session, which voids what the ledger appended', async () => {
    const ids = await seed()
    const booked = await payload.create({
      collection: 'reservations',
      data: { guest: { email: 'g@example.test', name: 'G' }, resource: ids.resource, service: ids.service, startTime: '2031-05-07T09:00:00.000Z' },
    })
    failAfterChange = true
    const failed = await record(() => payload.update({ collection: 'reservations', data: { notes: 'fails' }, id: booked.id }))
    failAfterChange = false
    expect(failed.slice(0, failed.indexOf('db.rollbackTransaction(ledger)') + 1)).toEqual([
      ...sessionBefore,
      'db.updateOne(id, req) [ledger]',
      'hook afterRead [ledger]',
      'hook afterChange [ledger]',
      'db.rollbackTransaction(ledger)',
    ])
    const stored = await payload.findByID({ collection: 'reservations', id: booked.id })
    expect(stored.notes ?? null).toBeNull()
  })

  it('a delete: its hooks and the adapter delete inside the write session', async () => {
    const ids = await seed()
    const booked = await payload.create({
      collection: 'reservations',
      data: { guest: { email: 'g@example.test', name: 'G' }, resource: ids.resource, service: ids.service, startTime: '2031-05-08T09:00:00.000Z' },
    })
    const deleted = await record(() => payload.delete({ collection: 'reservations', id: booked.id }))
    expect(deleted).toEqual([
      'db.beginTransaction',
      'db.commitTransaction(payload)',
      'hook beforeOperation [ledger]',
      'hook beforeDelete [ledger]',
      'db.deleteOne(req) [ledger]',
      'hook afterRead [ledger]',
      'hook afterDelete [ledger]',
      'hook afterOperation [ledger]',
      ...operationEnd(),
    ])
  })

  it("payload.destroy() ends with the adapter's destroy, where the plugin stops the ledger", async () => {
    expect(await record(() => stopPayload(payload))).toEqual(['db.destroy'])
  })
})
