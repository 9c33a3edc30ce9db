import type { ResolvedOptions, StatusMachine } from '../plugin/options.js'

/**
 * What the admin components need to know of the plugin options. It travels to them as
 * `clientProps`, so it holds plain data only: no functions, nothing secret.
 */
export interface AdminSettings {
  /** The status that cancelling moves to; cancelling goes through the cancel endpoint. */
  cancelledStatus: string
  /** Minutes between the start times offered when clicking into the calendar. */
  slotInterval: number
  slugs: Pick<ResolvedOptions['slugs'], 'customers' | 'reservations' | 'resources' | 'services'>
  statusMachine: StatusMachine
  /** IANA zone the calendar, widget and overview show days and times in. */
  timezone: string
}

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
