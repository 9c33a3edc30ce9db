import type { CollectionConfig } from 'payload'

import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { buildConfig } from 'payload'
import { describe, expect, it } from 'vitest'

import type { ReserveLedgerOptions } from '../../../src/plugin/options.js'

import { reserveLedgerPlugin } from '../../../src/index.js'
import { DEFAULT_STATUS_MACHINE } from '../../../src/plugin/options.js'

const users: CollectionConfig = {
  slug: 'users',
  auth: true,
  fields: [{ name: 'role', type: 'select', options: ['admin', 'staff', 'customer'] }],
}

/** Builds a Payload config with the plugin, as a host's payload.config.ts does at startup. */
const boot = (options: ReserveLedgerOptions) =>
  buildConfig({
    admin: { user: 'users' },
    collections: [users],
    // Never connected: building the config is where option validation runs.
    db: sqliteAdapter({ client: { url: 'file::memory:' } }),
    plugins: [reserveLedgerPlugin(options)],
    secret: 'startup-validation',
    telemetry: false,
  })

const ownerMode = { adminRoles: ['admin'] }

describe('invalid plugin options stop the Payload config from building', () => {
  it('builds with valid options', async () => {
    const config = await boot({
      resourceOwnerMode: ownerMode,
      resourceTypes: ['room', 'practitioner'],
      staffProvisioning: { resourceType: 'practitioner', staffRoles: ['staff'] },
    })
    expect(config.collections.map(({ slug }) => slug)).toEqual(expect.arrayContaining(['reservations', 'resources']))
  })

  it.each<[string, ReserveLedgerOptions, string]>([
    ['empty resourceTypes', { resourceTypes: [] }, 'resourceTypes must be a non-empty array of strings'],
    ['empty leaveTypes', { leaveTypes: [] }, 'leaveTypes must be a non-empty array of strings'],
    [
      'staffProvisioning without resourceOwnerMode',
      { staffProvisioning: { resourceType: 'practitioner', staffRoles: ['staff'] } },
      'staffProvisioning requires resourceOwnerMode',
    ],
    [
      'staffProvisioning.resourceType outside resourceTypes',
      { resourceOwnerMode: ownerMode, staffProvisioning: { resourceType: 'robot', staffRoles: ['staff'] } },
      'staffProvisioning.resourceType "robot" must be one of resourceTypes',
    ],
    [
      'a status machine naming an unknown status',
      { statusMachine: { ...DEFAULT_STATUS_MACHINE, blockingStatuses: ['held'] } },
      'statusMachine.blockingStatuses names "held"',
    ],
    [
      'a terminal status with an exit',
      { statusMachine: { ...DEFAULT_STATUS_MACHINE, transitions: { ...DEFAULT_STATUS_MACHINE.transitions, cancelled: ['pending'] } } },
      'statusMachine.transitions.cancelled must be [] because "cancelled" is terminal',
    ],
  ])('fails on %s with a message naming the option', async (_case, options, message) => {
    await expect(boot(options)).rejects.toThrowError(`payload-reserve-ledger: ${message}`)
  })
})
