import type { Access, CollectionConfig, Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ReserveLedgerOptions } from '../../../src/plugin/options.js'
import type { TestDatabase } from '../../helpers/databases.js'

import { reserveLedgerPlugin } from '../../../src/index.js'
import { createTestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { login, startPayload, stopPayload } from '../../helpers/payload.js'
import { ALWAYS_OPEN, http } from '../support/plugin-http.js'

/**
 * Who may do what to every plugin collection over HTTP (Payload's REST handler), in the three
 * ways the plugin is installed. Each cell is what the caller gets:
 * - read: the seeded records the caller sees when listing the collection, or 'forbidden';
 * - create, update, delete: 'ok', 'forbidden' (403; also for a record outside what the caller
 *   may touch, which Payload does not tell apart) or 'invalid' (400).
 * update and delete act on a staff-owned record: the inactive service, resource and schedule,
 * customer A's account, a reservation of customer A on the staff member's resource, a ledger event.
 */

type Outcome = 'forbidden' | 'invalid' | 'ok'
type Read = 'forbidden' | string[]
type Actor = 'admin' | 'anonymous' | 'customerA' | 'customerB' | 'otherStaff' | 'staff'
type CollectionKey = 'customers' | 'reservation-events' | 'reservations' | 'resources' | 'schedules' | 'services'

interface Row {
  create: Outcome
  delete: Outcome
  read: Read
  update: Outcome
}

type Table = Record<CollectionKey, Partial<Record<Actor, Row>>>

const row = (read: Read, create: Outcome, update: Outcome, remove: Outcome): Row => ({ create, delete: remove, read, update })

const NOTHING = row('forbidden', 'forbidden', 'forbidden', 'forbidden')

//                     read                              create       update       delete
const catalogue = {
  anonymous:       row(['active'],                       'forbidden', 'forbidden', 'forbidden'),
  customerA:       row(['active'],                       'forbidden', 'forbidden', 'forbidden'),
  customerB:       row(['active'],                       'forbidden', 'forbidden', 'forbidden'),
  staff:           row(['active', 'inactive'],           'ok',        'ok',        'ok'),
  admin:           row(['active', 'inactive'],           'ok',        'ok',        'ok'),
}

const DEFAULT_MODE: Table = {
  services: catalogue,
  resources: catalogue,
  schedules: catalogue,
  customers: {
    anonymous:     row('forbidden',                      'ok',        'forbidden', 'forbidden'),
    customerA:     row(['customerA'],                    'ok',        'ok',        'forbidden'),
    customerB:     row(['customerB'],                    'ok',        'forbidden', 'forbidden'),
    staff:         row(['customerA', 'customerB'],       'ok',        'ok',        'ok'),
    admin:         row(['customerA', 'customerB'],       'ok',        'ok',        'ok'),
  },
  reservations: {
    anonymous:     row('forbidden',                      'ok',        'forbidden', 'forbidden'),
    customerA:     row(['ofA', 'ofAElsewhere'],          'ok',        'forbidden', 'forbidden'),
    customerB:     row(['ofB'],                          'ok',        'forbidden', 'forbidden'),
    staff:         row(['ofA', 'ofAElsewhere', 'ofB'],   'ok',        'ok',        'ok'),
    admin:         row(['ofA', 'ofAElsewhere', 'ofB'],   'ok',        'ok',        'ok'),
  },
  'reservation-events': {
    anonymous: NOTHING,
    customerA: NOTHING,
    customerB: NOTHING,
    staff:         row(['booked'],                       'forbidden', 'forbidden', 'forbidden'),
    admin:         row(['booked'],                       'forbidden', 'forbidden', 'forbidden'),
  },
}

// Owner mode: adminRoles ['admin']. "staff" owns the records acted on; "otherStaff" owns none of them.
const ownedCatalogue = {
  ...catalogue,
  otherStaff:      row(['active'],                       'ok',        'forbidden', 'forbidden'),
}

const OWNER_MODE: Table = {
  services: ownedCatalogue,
  resources: ownedCatalogue,
  schedules: {
    ...ownedCatalogue,
    // Its create names the staff member's resource, which otherStaff may not schedule.
    otherStaff:    row(['active'],                       'invalid',   'forbidden', 'forbidden'),
  },
  customers: {
    ...DEFAULT_MODE.customers,
    otherStaff:    row(['customerA', 'customerB'],       'ok',        'ok',        'ok'),
  },
  reservations: {
    ...DEFAULT_MODE.reservations,
    staff:         row(['ofA', 'ofB'],                   'ok',        'ok',        'ok'),
    // Its create books the staff member's resource.
    otherStaff:    row([],                               'forbidden', 'forbidden', 'forbidden'),
  },
  'reservation-events': {
    ...DEFAULT_MODE['reservation-events'],
    staff: NOTHING,
    otherStaff: NOTHING,
  },
}

// userCollection 'users': customers are users with the customer role; the users collection keeps
// the host's own access (below), which the plugin does not replace.
const USER_COLLECTION_MODE: Table = {
  ...DEFAULT_MODE,
  customers: {
    anonymous:     row('forbidden',                      'ok',        'forbidden', 'forbidden'),
    customerA:     row(['customerA'],                    'ok',        'ok',        'forbidden'),
    customerB:     row(['customerB'],                    'ok',        'forbidden', 'forbidden'),
    staff:         row(['customerA', 'customerB'],       'ok',        'ok',        'ok'),
    admin:         row(['customerA', 'customerB'],       'ok',        'ok',        'ok'),
  },
}

const isStaffRole = (user: unknown): boolean => ['admin', 'staff'].includes(String((user as { role?: unknown } | null)?.role))
const selfOrStaff: Access = ({ req: { user } }) => (isStaffRole(user) ? true : user ? { id: { equals: user.id } } : false)

/** The host's users collection in userCollection mode, with access of its own. */
const hostUsers: CollectionConfig = {
  slug: 'users',
  access: {
    create: () => true,
    delete: ({ req: { user } }) => isStaffRole(user),
    read: selfOrStaff,
    update: selfOrStaff,
  },
  auth: true,
  fields: [{ name: 'role', type: 'select', defaultValue: 'customer', options: ['admin', 'staff', 'customer'], saveToJWT: true }],
}

interface Mode {
  actors: Actor[]
  expected: Table
  name: string
  options: ReserveLedgerOptions
}

const BASE_ACTORS: Actor[] = ['anonymous', 'customerA', 'customerB', 'staff', 'admin']

const MODES: Mode[] = [
  { actors: BASE_ACTORS, expected: DEFAULT_MODE, name: 'default mode (customers collection, staff in users)', options: {} },
  {
    actors: [...BASE_ACTORS, 'otherStaff'],
    expected: OWNER_MODE,
    name: 'owner mode',
    options: { resourceOwnerMode: { adminRoles: ['admin'] } },
  },
  { actors: BASE_ACTORS, expected: USER_COLLECTION_MODE, name: 'userCollection mode', options: { userCollection: 'users' } },
]

type Id = number | string

/** How the matrix exercises one collection. */
interface CollectionCase {
  /** The body an actor creates. */
  createBody: (actor: Actor) => Record<string, unknown>
  /** A new record for one delete cell. */
  fresh: () => Promise<Id>
  /** Seeded records by label; read cells list the labels a caller sees. */
  labels: Record<string, Id>
  slug: string
  target: Id
  updateBody: Record<string, unknown>
}

const PASSWORD = 'secret-password'

const outcome = (status: number): Outcome => {
  const known: Record<number, Outcome> = { 200: 'ok', 201: 'ok', 400: 'invalid', 403: 'forbidden' }
  const found = known[status]
  if (!found) {
    throw new Error(`Unexpected HTTP ${status}`)
  }
  return found
}

for (const kind of testDatabaseKinds()) {
  for (const mode of MODES) {
    describe(`authorisation matrix, ${mode.name} (${kind})`, () => {
      let database: TestDatabase
      let payload: Payload
      const tokens: Partial<Record<Actor, string>> = {}
      const cases = {} as Record<CollectionKey, CollectionCase>
      let counter = 0

      const create = async (collection: string, data: Record<string, unknown>): Promise<Id> =>
        ((await payload.create({ collection, data, depth: 0 })) as { id: Id }).id

      beforeAll(async () => {
        database = await createTestDatabase(kind)
        const standalone = mode.options.userCollection === undefined
        payload = await startPayload({
          collections: standalone ? [] : [hostUsers],
          database,
          plugins: [
            reserveLedgerPlugin({ allowGuestBooking: true, catchUp: { graceMs: 300, intervalMs: 60_000 }, ...mode.options }),
          ],
        })
        const customers = standalone ? 'customers' : 'users'
        const account = async (actor: Actor, collection: string, role?: string): Promise<Id> => {
          const email = `${actor.toLowerCase()}@example.test`
          const id = await create(collection, { email, password: PASSWORD, ...(role ? { role } : {}) })
          tokens[actor] = await login(payload, { email, password: PASSWORD }, collection)
          return id
        }
        const staff = await account('staff', 'users', 'staff')
        const admin = await account('admin', 'users', 'admin')
        await account('otherStaff', 'users', 'staff')
        const customerA = await account('customerA', customers, standalone ? undefined : 'customer')
        const customerB = await account('customerB', customers, standalone ? undefined : 'customer')

        const activeService = await create('services', { name: 'Massage', duration: 60, owner: staff })
        const inactiveService = await create('services', { name: 'Retired', active: false, duration: 60, owner: staff })
        const staffResource = await create('resources', { name: 'Staff room', owner: staff, quantity: 50, services: [activeService] })
        const inactiveResource = await create('resources', { name: 'Closed room', active: false, owner: staff })
        const adminResource = await create('resources', { name: 'Admin room', owner: admin, quantity: 50, services: [activeService] })
        const activeSchedule = await create('schedules', { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: staffResource })
        const inactiveSchedule = await create('schedules', { name: 'Paused', active: false, resource: staffResource })

        const nextStart = () => new Date(Date.UTC(2031, 0, 1) + counter++ * 3_600_000).toISOString()
        const reservation = (customer: Id, resource = staffResource) =>
          create('reservations', { customer, resource, service: activeService, startTime: nextStart() })
        const ofA = await reservation(customerA)
        const { docs: events } = await payload.find({
          collection: 'reservation-events',
          where: { stream: { equals: `reserve-reservation-${ofA}` } },
        })

        const newAccount = () =>
          create(customers, { email: `fresh-${counter++}@example.test`, password: PASSWORD, ...(standalone ? {} : { role: 'customer' }) })

        cases.services = {
          createBody: () => ({ name: 'New service', duration: 30 }),
          fresh: () => create('services', { name: 'Doomed', active: false, duration: 30, owner: staff }),
          labels: { active: activeService, inactive: inactiveService },
          slug: 'services',
          target: inactiveService,
          updateBody: { name: 'Renamed' },
        }
        cases.resources = {
          createBody: () => ({ name: 'New room' }),
          fresh: () => create('resources', { name: 'Doomed', active: false, owner: staff }),
          labels: { active: staffResource, inactive: inactiveResource },
          slug: 'resources',
          target: inactiveResource,
          updateBody: { name: 'Renamed' },
        }
        cases.schedules = {
          createBody: () => ({ name: 'New schedule', resource: staffResource }),
          fresh: () => create('schedules', { name: 'Doomed', active: false, resource: staffResource }),
          labels: { active: activeSchedule, inactive: inactiveSchedule },
          slug: 'schedules',
          target: inactiveSchedule,
          updateBody: { name: 'Renamed' },
        }
        cases.customers = {
          createBody: () => ({ email: `signup-${counter++}@example.test`, password: PASSWORD }),
          fresh: newAccount,
          labels: { customerA, customerB },
          slug: customers,
          target: customerA,
          updateBody: { name: 'Renamed' },
        }
        cases.reservations = {
          // Each caller's own kind of booking: a guest's, a customer's own, staff booking for customer A.
          createBody: (actor) => {
            const base = { resource: staffResource, service: activeService, startTime: nextStart() }
            if (actor === 'anonymous') {
              return { ...base, guest: { email: 'guest@example.test', name: 'Guest' } }
            }
            return actor === 'customerA' || actor === 'customerB' ? base : { ...base, customer: customerA }
          },
          fresh: () => reservation(customerA),
          labels: { ofA, ofAElsewhere: await reservation(customerA, adminResource), ofB: await reservation(customerB) },
          slug: 'reservations',
          target: ofA,
          updateBody: { notes: 'Bring towels' },
        }
        cases['reservation-events'] = {
          createBody: () => ({ data: {}, eventId: 'forged', metadata: {}, recordedAt: nextStart(), revision: 9, stream: 's', type: 'Forged' }),
          fresh: async () => events[0].id,
          labels: { booked: events[0].id },
          slug: 'reservation-events',
          target: events[0].id,
          updateBody: { type: 'Forged' },
        }
      })

      afterAll(async () => {
        await stopPayload(payload)
        await database.drop()
      })

      const actual = async (key: CollectionKey, actor: Actor): Promise<Row> => {
        const { createBody, fresh, labels, slug, target, updateBody } = cases[key]
        const token = tokens[actor === 'anonymous' ? 'anonymous' : actor]
        const listed = await http(payload, `/api/${slug}?depth=0&limit=1000`, { token })
        const seen = new Set<string>(listed.status === 200 ? listed.body.docs.map((doc: { id: Id }) => String(doc.id)) : [])
        const read: Read =
          listed.status === 200
            ? Object.keys(labels).filter((label) => seen.has(String(labels[label]))).sort()
            : outcome(listed.status) === 'forbidden'
              ? 'forbidden'
              : [`HTTP ${listed.status}`]
        const created = await http(payload, `/api/${slug}`, { body: createBody(actor), method: 'POST', token })
        const updated = await http(payload, `/api/${slug}/${target}`, { body: updateBody, method: 'PATCH', token })
        const deleted = await http(payload, `/api/${slug}/${await fresh()}`, { method: 'DELETE', token })
        return row(read, outcome(created.status), outcome(updated.status), outcome(deleted.status))
      }

      it.each(Object.keys(mode.expected) as CollectionKey[])('%s', async (key) => {
        const rows: Partial<Record<Actor, Row>> = {}
        for (const actor of mode.actors) {
          rows[actor] = await actual(key, actor)
        }
        expect(rows).toEqual(mode.expected[key])
      })
    })
  }
}
