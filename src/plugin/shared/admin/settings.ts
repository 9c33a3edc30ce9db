import type { ResolvedOptions, RoleOptions } from '../../options.js'
import type { AdminSettings } from '../../../contract/http.js'

export const adminSettings = (options: RoleOptions & Pick<ResolvedOptions, 'cancelledStatus' | 'slotInterval' | 'statusMachine' | 'timezone'>): AdminSettings => ({
  cancelledStatus: options.cancelledStatus,
  // Plain copies: settings travel to the browser, and the provisioning options hold a function.
  roleRules: {
    ...(options.resourceOwnerMode && {
      resourceOwnerMode: {
        adminRoles: options.resourceOwnerMode.adminRoles,
        ownerField: options.resourceOwnerMode.ownerField,
      },
    }),
    roles: options.roles,
    slugs: { customers: options.slugs.customers },
    ...(options.staffProvisioning && {
      staffProvisioning: {
        roleField: options.staffProvisioning.roleField,
        staffRoles: options.staffProvisioning.staffRoles,
      },
    }),
    ...(options.userCollection !== undefined && { userCollection: options.userCollection }),
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
