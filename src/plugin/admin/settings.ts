import type { ResolvedOptions } from '../options.js'
import type { AdminSettings } from '../http/contract.js'

export const adminSettings = (options: ResolvedOptions): AdminSettings => ({
  cancelledStatus: options.cancelledStatus,
  privileged: {
    // A user of the standalone customers collection is never privileged (access/is-privileged.ts).
    customerCollection: options.userCollection === undefined ? options.slugs.customers : null,
    roleField: options.roles.field,
    roles: [...options.roles.privileged, ...(options.resourceOwnerMode?.adminRoles ?? [])],
  },
  slotInterval: options.slotInterval,
  slugs: {
    customers: options.slugs.customers,
    reservations: options.slugs.reservations,
    resources: options.slugs.resources,
    services: options.slugs.services,
  },
  statusMachine: options.statusMachine,
  timezone: options.timezone,
})
