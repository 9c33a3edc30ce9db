import type { ResolvedOptions } from '../options.js'
import type { AdminSettings } from '../http/contract.js'

export const adminSettings = (options: ResolvedOptions): AdminSettings => ({
  cancelledStatus: options.cancelledStatus,
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
