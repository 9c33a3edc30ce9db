import type { CollectionConfig, Config } from 'payload'

import { describe, expect, it } from 'vitest'

import type { EventStoreOption, ReserveLedgerOptions, StatusMachine } from '../../../src/plugin/options.js'

import { DEFAULT_STATUS_MACHINE } from '../../../src/plugin/options.js'
import { resolveOptions, validateAgainstConfig } from '../../../src/plugin/resolve-options.js'

const machine = (patch: Partial<StatusMachine>): StatusMachine => ({ ...structuredClone(DEFAULT_STATUS_MACHINE), ...patch })

const ownerMode = { adminRoles: ['admin'] }
const provisioning = { resourceType: 'practitioner', staffRoles: ['staff'] }

/** Options given as plain JavaScript, as a host without type checking could pass them. */
const loose = (options: Record<string, unknown>): ReserveLedgerOptions => options as ReserveLedgerOptions

describe('resolveOptions defaults', () => {
  const resolved = resolveOptions({})

  it('fills every documented default', () => {
    expect(resolved).toMatchObject({
      maxWaitlistEntriesPerCaller: 5,
      waitlistAutoOffer: true,
      access: {},
      adminGroup: 'Reservations',
      allowGuestBooking: false,
      cancellationNoticePeriod: 24,
      cancelledStatus: 'cancelled',
      defaultBufferTime: 0,
      disabled: false,
      eventStore: { kind: 'payload' },
      hooks: { afterBookingCreate: [], afterStatusChange: [], beforeBookingCreate: [] },
      leaveTypes: ['vacation', 'sick', 'training', 'other'],
      resourceTypes: ['practitioner'],
      roles: { field: 'role', privileged: ['admin', 'staff'] },
      slotInterval: 15,
      slugs: {
        customers: 'customers',
        events: 'reservation-events',
        reservations: 'reservations',
        resources: 'resources',
        schedules: 'schedules',
        services: 'services',
      },
      staffCollection: 'users',
      statusMachine: DEFAULT_STATUS_MACHINE,
      timezone: 'UTC',
    })
    expect(resolved.resourceOwnerMode).toBeUndefined()
    expect(resolved.staffProvisioning).toBeUndefined()
    expect(resolved.userCollection).toBeUndefined()
  })

  it('accepts a JetStream store on one server or a cluster', () => {
    const one: EventStoreOption = { kind: 'jetstream', servers: 'nats://127.0.0.1:4222' }
    const cluster: EventStoreOption = { kind: 'jetstream', replicas: 3, servers: ['nats://a:4222', 'nats://b:4222'], stream: 'reserve_ledger' }
    expect(resolveOptions({ eventStore: one }).eventStore).toEqual(one)
    expect(resolveOptions({ eventStore: cluster }).eventStore).toEqual(cluster)
  })

  it('gives each resolution its own status machine, so mutating one cannot change the default', () => {
    resolved.statusMachine.transitions.pending.push('completed')
    expect(DEFAULT_STATUS_MACHINE.transitions.pending).toEqual(['confirmed', 'cancelled'])
    expect(resolveOptions({}).statusMachine.transitions.pending).toEqual(['confirmed', 'cancelled'])
  })

  it('takes the customers slug and staff collection from userCollection', () => {
    const shared = resolveOptions({ userCollection: 'members' })
    expect(shared.slugs.customers).toBe('members')
    expect(shared.staffCollection).toBe('members')
    expect(resolveOptions({ staffCollection: 'admins', userCollection: 'members' }).staffCollection).toBe('admins')
  })

  it('applies slug overrides and keeps the other slugs', () => {
    const renamed = resolveOptions({ slugs: { reservations: 'bookings', resources: 'rooms', services: 'room-types' } })
    expect(renamed.slugs).toMatchObject({ reservations: 'bookings', resources: 'rooms', schedules: 'schedules', services: 'room-types' })
  })

  it('defaults the owner field and the provisioning role field to the configured role field', () => {
    const withOwners = resolveOptions({
      resourceOwnerMode: ownerMode,
      roles: { field: 'roles' },
      staffProvisioning: provisioning,
    })
    expect(withOwners.resourceOwnerMode).toEqual({ adminRoles: ['admin'], ownerField: 'owner' })
    expect(withOwners.staffProvisioning?.roleField).toBe('roles')
    expect(withOwners.roles.privileged).toEqual(['admin', 'staff'])
  })

  it('keeps given values over defaults', () => {
    const custom = resolveOptions({
      adminGroup: 'Bookings',
      cancellationNoticePeriod: 2,
      defaultBufferTime: 10,
      leaveTypes: ['holiday'],
      resourceTypes: ['room', 'practitioner'],
      slotInterval: 30,
      timezone: 'Europe/Berlin',
    })
    expect(custom).toMatchObject({
      adminGroup: 'Bookings',
      cancellationNoticePeriod: 2,
      defaultBufferTime: 10,
      leaveTypes: ['holiday'],
      resourceTypes: ['room', 'practitioner'],
      slotInterval: 30,
      timezone: 'Europe/Berlin',
    })
  })

  it('accepts a custom machine (the specification example), whose cancelled status is terminal', () => {
    const example: StatusMachine = {
      blockingStatuses: ['deposit-paid', 'confirmed'],
      defaultStatus: 'enquiry',
      statuses: ['enquiry', 'quote-sent', 'deposit-paid', 'confirmed', 'completed', 'cancelled'],
      terminalStatuses: ['completed', 'cancelled'],
      transitions: {
        cancelled: [],
        completed: [],
        confirmed: ['completed', 'cancelled'],
        'deposit-paid': ['confirmed', 'cancelled'],
        enquiry: ['quote-sent', 'cancelled'],
        'quote-sent': ['deposit-paid', 'cancelled'],
      },
    }
    const resolved = resolveOptions({ statusMachine: example })
    expect(resolved.statusMachine.defaultStatus).toBe('enquiry')
    expect(resolved.cancelledStatus).toBe('cancelled')
    // The example has a `confirmed` status: the confirm hooks watch it without being told.
    expect(resolved.confirmedStatus).toBe('confirmed')
  })

  it('a machine without `confirmed` has no confirm status unless it names one', () => {
    const requests: StatusMachine = {
      blockingStatuses: ['open'],
      defaultStatus: 'open',
      statuses: ['open', 'cancelled'],
      terminalStatuses: ['cancelled'],
      transitions: { cancelled: [], open: ['cancelled'] },
    }
    expect(resolveOptions({ statusMachine: requests }).confirmedStatus).toBeNull()
    expect(resolveOptions({ statusMachine: { ...requests, confirmStatus: 'open' } }).confirmedStatus).toBe('open')
  })
})

describe('resolveOptions validation', () => {
  const failures: Array<[rule: string, options: ReserveLedgerOptions, message: string]> = [
    ['empty adminGroup', { adminGroup: '' }, 'adminGroup must be a non-empty string'],
    ['non-boolean allowGuestBooking', loose({ allowGuestBooking: 'yes' }), 'allowGuestBooking must be a boolean'],
    ['non-boolean disabled', loose({ disabled: 1 }), 'disabled must be a boolean'],
    ['non-boolean waitlistAutoOffer', loose({ waitlistAutoOffer: 'off' }), 'waitlistAutoOffer must be a boolean'],
    ['empty resourceTypes', { resourceTypes: [] }, 'resourceTypes must be a non-empty array of strings'],
    ['non-string resourceTypes entry', loose({ resourceTypes: ['room', 3] }), 'resourceTypes must be a non-empty array of strings'],
    ['empty leaveTypes', { leaveTypes: [] }, 'leaveTypes must be a non-empty array of strings'],
    ['leaveTypes not an array', loose({ leaveTypes: 'sick' }), 'leaveTypes must be a non-empty array of strings'],
    ['negative cancellationNoticePeriod', { cancellationNoticePeriod: -1 }, 'cancellationNoticePeriod must be a non-negative finite number'],
    ['infinite cancellationNoticePeriod', { cancellationNoticePeriod: Infinity }, 'cancellationNoticePeriod must be a non-negative finite number'],
    ['negative catchUp.graceMs', { catchUp: { graceMs: -5 } }, 'catchUp.graceMs must be a non-negative finite number'],
    ['zero catchUp.intervalMs', { catchUp: { intervalMs: 0 } }, 'catchUp.intervalMs must be a whole number of milliseconds'],
    ['negative defaultBufferTime', { defaultBufferTime: -1 }, 'defaultBufferTime must be a whole number of minutes from 0 to 1439'],
    ['defaultBufferTime of a whole day', { defaultBufferTime: 1440 }, 'defaultBufferTime must be a whole number of minutes from 0 to 1439'],
    ['maxFlexibleDuration of none', { maxFlexibleDuration: 0 }, 'maxFlexibleDuration must be a whole number of minutes from 1 to 525600'],
    ['fractional maxFlexibleDuration', { maxFlexibleDuration: 90.5 }, 'maxFlexibleDuration must be a whole number of minutes from 1 to 525600'],
    ['zero slotInterval', { slotInterval: 0 }, 'slotInterval must be a whole number of minutes from 1 to 1440'],
    ['zero maxWaitlistEntriesPerCaller', { maxWaitlistEntriesPerCaller: 0 }, 'maxWaitlistEntriesPerCaller must be a whole number from 1 to 1000'],
    ['fractional maxWaitlistEntriesPerCaller', { maxWaitlistEntriesPerCaller: 2.5 }, 'maxWaitlistEntriesPerCaller must be a whole number from 1 to 1000'],
    ['slotInterval above a day', { slotInterval: 1441 }, 'slotInterval must be a whole number of minutes from 1 to 1440'],
    ['fractional slotInterval', { slotInterval: 7.5 }, 'slotInterval must be a whole number of minutes from 1 to 1440'],
    ['unknown timezone', { timezone: 'Mars/Olympus_Mons' }, 'timezone "Mars/Olympus_Mons" is not a valid IANA time zone'],
    ['empty userCollection', { userCollection: '' }, 'userCollection must be a non-empty string'],
    ['empty slug', { slugs: { resources: '' } }, 'slugs.resources must be a non-empty string'],
    ['colliding slugs', { slugs: { resources: 'items', services: 'items' } }, 'slugs must be distinct: "items" names both'],
    ['userCollection colliding with a plugin slug', { userCollection: 'schedules' }, 'slugs must be distinct: "schedules"'],
    ['staffCollection naming a plugin collection', { staffCollection: 'resources' }, 'staffCollection "resources" must not be'],
    ['staffCollection as the standalone customers', { staffCollection: 'customers' }, 'staffCollection "customers" must not be'],
    ['empty roles.field', { roles: { field: '' } }, 'roles.field must be a non-empty string'],
    ['roles.privileged not strings', loose({ roles: { privileged: 'admin' } }), 'roles.privileged must be an array of strings'],
    ['empty resourceOwnerMode.adminRoles', { resourceOwnerMode: { adminRoles: [] } }, 'resourceOwnerMode.adminRoles must be a non-empty array of strings'],
    ['empty resourceOwnerMode.ownerField', { resourceOwnerMode: { adminRoles: ['admin'], ownerField: '' } }, 'resourceOwnerMode.ownerField must be a non-empty string'],
    ['staffProvisioning without resourceOwnerMode', { staffProvisioning: provisioning }, 'staffProvisioning requires resourceOwnerMode'],
    ['empty staffProvisioning.staffRoles', { resourceOwnerMode: ownerMode, staffProvisioning: { ...provisioning, staffRoles: [] } }, 'staffProvisioning.staffRoles must be a non-empty array of strings'],
    ['staffProvisioning.resourceType outside resourceTypes', { resourceOwnerMode: ownerMode, staffProvisioning: { ...provisioning, resourceType: 'room' } }, 'staffProvisioning.resourceType "room" must be one of resourceTypes (practitioner)'],
    ['empty staffProvisioning.roleField', { resourceOwnerMode: ownerMode, staffProvisioning: { ...provisioning, roleField: '' } }, 'staffProvisioning.roleField must be a non-empty string'],
    ['empty staffProvisioning.nameFrom', { resourceOwnerMode: ownerMode, staffProvisioning: { ...provisioning, nameFrom: '' } }, 'staffProvisioning.nameFrom must be a non-empty string'],
    ['non-function staffProvisioning.beforeCreate', loose({ resourceOwnerMode: ownerMode, staffProvisioning: { ...provisioning, beforeCreate: 'stamp' } }), 'staffProvisioning.beforeCreate must be a function'],
    ['statusMachine not an object', loose({ statusMachine: 'strict' }), 'statusMachine must be an object'],
    ['empty statusMachine.statuses', { statusMachine: machine({ statuses: [] }) }, 'statusMachine.statuses must be a non-empty array of distinct strings'],
    ['duplicate statusMachine.statuses', { statusMachine: machine({ statuses: [...DEFAULT_STATUS_MACHINE.statuses, 'pending'] }) }, 'statusMachine.statuses must be a non-empty array of distinct strings'],
    ['unknown statusMachine.defaultStatus', { statusMachine: machine({ defaultStatus: 'draft' }) }, 'statusMachine.defaultStatus "draft" is not in statusMachine.statuses'],
    ['terminal statusMachine.defaultStatus', { statusMachine: machine({ defaultStatus: 'completed' }) }, 'statusMachine.defaultStatus "completed" must not be terminal'],
    ['unknown terminal status', { statusMachine: machine({ terminalStatuses: ['cancelled', 'archived'] }) }, 'statusMachine.terminalStatuses names "archived"'],
    ['unknown blocking status', { statusMachine: machine({ blockingStatuses: ['held'] }) }, 'statusMachine.blockingStatuses names "held"'],
    ['blockingStatuses not an array', { statusMachine: machine({ blockingStatuses: 'pending' as unknown as string[] }) }, 'statusMachine.blockingStatuses must be an array of strings'],
    ['transitions not an object', { statusMachine: machine({ transitions: [] as unknown as Record<string, string[]> }) }, 'statusMachine.transitions must be an object'],
    ['transition key outside statuses', { statusMachine: machine({ transitions: { ...DEFAULT_STATUS_MACHINE.transitions, draft: ['pending'] } }) }, 'statusMachine.transitions has an entry "draft"'],
    ['status without a transitions entry', { statusMachine: machine({ transitions: { cancelled: [], completed: [], confirmed: ['completed'], pending: ['confirmed'] } }) }, 'statusMachine.transitions is missing an entry for "no-show"'],
    ['transition target outside statuses', { statusMachine: machine({ transitions: { ...DEFAULT_STATUS_MACHINE.transitions, pending: ['approved'] } }) }, 'statusMachine.transitions.pending names "approved"'],
    ['transition targets not an array', { statusMachine: machine({ transitions: { ...DEFAULT_STATUS_MACHINE.transitions, pending: 'confirmed' as unknown as string[] } }) }, 'statusMachine.transitions.pending must be an array of strings'],
    ['terminal status with an exit', { statusMachine: machine({ transitions: { ...DEFAULT_STATUS_MACHINE.transitions, completed: ['pending'] } }) }, 'statusMachine.transitions.completed must be [] because "completed" is terminal'],
    ['non-terminal status without an exit', { statusMachine: machine({ transitions: { ...DEFAULT_STATUS_MACHINE.transitions, confirmed: [] } }) }, 'statusMachine.transitions.confirmed is empty but "confirmed" is not in statusMachine.terminalStatuses'],
    ['confirmStatus outside statuses', { statusMachine: machine({ confirmStatus: 'approved' }) }, 'statusMachine.confirmStatus "approved" is not in statusMachine.statuses'],
    ['cancelStatus that is not terminal', { statusMachine: machine({ cancelStatus: 'pending' }) }, 'statusMachine must have a terminal status named "pending"'],
    ['unknown hook', loose({ hooks: { beforeBookingConfirmed: [] } }), 'hooks.beforeBookingConfirmed is not a known hook'],
    ['mediaCollection not text', loose({ mediaCollection: 7 }), 'mediaCollection must be a non-empty string'],
    [
      'custom machine without a cancelled status',
      {
        statusMachine: {
          blockingStatuses: ['open'],
          defaultStatus: 'open',
          statuses: ['open', 'closed'],
          terminalStatuses: ['closed'],
          transitions: { closed: [], open: ['closed'] },
        },
      },
      'statusMachine must have a terminal status named "cancelled"',
    ],
    [
      'cancelled status that is not terminal',
      {
        statusMachine: {
          blockingStatuses: ['open'],
          defaultStatus: 'open',
          statuses: ['open', 'cancelled', 'closed'],
          terminalStatuses: ['closed'],
          transitions: { cancelled: ['open'], closed: [], open: ['cancelled', 'closed'] },
        },
      },
      'statusMachine must have a terminal status named "cancelled"',
    ],
    ['hooks not an object', loose({ hooks: [] }), 'hooks must be an object'],
    ['unknown hook', loose({ hooks: { afterCancel: [] } }), 'hooks.afterCancel is not a known hook'],
    ['hook entry not a function', loose({ hooks: { afterBookingCreate: ['notify'] } }), 'hooks.afterBookingCreate must be an array of functions'],
    ['hook list not an array', loose({ hooks: { beforeBookingCreate: () => ({}) } }), 'hooks.beforeBookingCreate must be an array of functions'],
    ['access for an unknown collection', loose({ access: { bookings: {} } }), 'access.bookings is not a collection of the plugin'],
    [
      'drafts on reservations',
      loose({ collectionOverrides: { reservations: { versions: { drafts: true } } } }),
      'collectionOverrides.reservations.versions cannot have drafts',
    ],
    ['access operation not a function', loose({ access: { services: { read: true } } }), 'access.services.read must be a function'],
    ['unknown event store', loose({ eventStore: { kind: 'redis' } }), 'eventStore must be'],
    ['eventstoredb without a connection string', loose({ eventStore: { kind: 'eventstoredb' } }), 'eventStore must be'],
    ['jetstream without servers', loose({ eventStore: { kind: 'jetstream', servers: [] } }), 'eventStore must be'],
    ['jetstream stream name with a dot', loose({ eventStore: { kind: 'jetstream', servers: 'nats://n:4222', stream: 'a.b' } }), 'eventStore must be'],
    ['jetstream replicas 0', loose({ eventStore: { kind: 'jetstream', replicas: 0, servers: 'nats://n:4222' } }), 'eventStore must be'],
  ]

  it.each(failures)('rejects %s', (_rule, options, message) => {
    expect(() => resolveOptions(options)).toThrowError(`payload-reserve-ledger: ${message}`)
  })
})

describe('validateAgainstConfig', () => {
  const users: CollectionConfig = { slug: 'users', auth: true, fields: [] }
  const members: CollectionConfig = { slug: 'members', auth: true, fields: [] }
  const pages: CollectionConfig = { slug: 'pages', fields: [] }
  const config = (...collections: CollectionConfig[]): Config => ({ collections }) as Config

  it('accepts a host whose staff and user collections are auth collections', () => {
    expect(() => validateAgainstConfig(resolveOptions({}), config(users, pages))).not.toThrow()
    expect(() => validateAgainstConfig(resolveOptions({ userCollection: 'members' }), config(members))).not.toThrow()
  })

  it('rejects a userCollection that is not in the config', () => {
    expect(() => validateAgainstConfig(resolveOptions({ userCollection: 'members' }), config(users))).toThrowError(
      'payload-reserve-ledger: userCollection "members" is not a collection of the Payload config',
    )
  })

  it('rejects a userCollection without auth', () => {
    expect(() => validateAgainstConfig(resolveOptions({ userCollection: 'pages' }), config(users, pages))).toThrowError(
      'payload-reserve-ledger: userCollection "pages" must be an auth collection',
    )
  })

  it('rejects a missing staff collection', () => {
    expect(() => validateAgainstConfig(resolveOptions({}), config(pages))).toThrowError(
      'payload-reserve-ledger: staffCollection "users" is not a collection of the Payload config',
    )
  })

  it('rejects a plugin slug that a host collection already uses', () => {
    const hostServices: CollectionConfig = { slug: 'services', fields: [] }
    expect(() => validateAgainstConfig(resolveOptions({}), config(users, hostServices))).toThrowError(
      'payload-reserve-ledger: slugs.services "services" collides with an existing collection',
    )
    const hostEvents: CollectionConfig = { slug: 'reservation-events', fields: [] }
    expect(() => validateAgainstConfig(resolveOptions({}), config(users, hostEvents))).toThrowError(
      'payload-reserve-ledger: slugs.events "reservation-events" collides',
    )
  })
})
