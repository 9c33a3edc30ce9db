import type { AdminSettings } from '../../plugin/http/contract.js'
import type { ReserveT } from './use-reserve-translation.js'

/**
 * Statuses as the admin shows them. The machine is configurable, so everything here is derived
 * from its roles (default, blocking, terminal, cancelled) rather than from status names.
 */

export type StatusTone = 'error' | 'muted' | 'neutral' | 'success' | 'warning'

export const statusTone = (status: string, { cancelledStatus, statusMachine }: AdminSettings): StatusTone => {
  if (status === cancelledStatus) {
    return 'error'
  }
  if (status === statusMachine.defaultStatus) {
    return 'warning'
  }
  if (statusMachine.blockingStatuses.includes(status)) {
    return 'success'
  }
  return statusMachine.terminalStatuses.includes(status) ? 'muted' : 'neutral'
}

/** The statuses a reservation in `status` may move to. */
export const nextStatuses = (status: string, { statusMachine }: AdminSettings): string[] =>
  statusMachine.transitions[status] ?? []

/** A status in the admin's language; a status of a custom machine reads as itself. */
export const statusLabel = (status: string, t: ReserveT, has: (key: string) => boolean): string =>
  has(`status_${status}`) ? t(`status_${status}` as Parameters<ReserveT>[0]) : status

/** The button that moves a reservation to `status`: "Confirm", or "Move to …" for others. */
export const actionLabel = (status: string, t: ReserveT, has: (key: string) => boolean): string =>
  has(`action_${status}`)
    ? t(`action_${status}` as Parameters<ReserveT>[0])
    : t('moveTo', { status: statusLabel(status, t, has) })
