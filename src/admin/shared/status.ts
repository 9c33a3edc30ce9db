import type { AdminSettings } from '../../contract/http.js'
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

/**
 * An outcome: a status ending a reservation other than cancelling it (completed, no-show). It
 * tells how the visit went, so it makes sense only once the visit has begun.
 */
export const isOutcome = (status: string, { cancelledStatus, statusMachine }: AdminSettings): boolean =>
  statusMachine.terminalStatuses.includes(status) && status !== cancelledStatus

/**
 * The statuses a reservation in `status` may move to. Given its start and the time now, not
 * the outcomes of a visit yet to come: "Complete" or "No-show" days ahead make no sense.
 */
export const nextStatuses = (
  status: string,
  settings: AdminSettings,
  timing?: { now: number; startTime: string },
): string[] => {
  const next = settings.statusMachine.transitions[status] ?? []
  return timing && Date.parse(timing.startTime) > timing.now ? next.filter((to) => !isOutcome(to, settings)) : next
}

/** A status in the admin's language; a status of a custom machine reads as itself. */
export const statusLabel = (status: string, t: ReserveT, has: (key: string) => boolean): string =>
  has(`status_${status}`) ? t(`status_${status}` as Parameters<ReserveT>[0]) : status

/** The button that moves a reservation to `status`: "Confirm", or "Move to …" for others. */
export const actionLabel = (status: string, t: ReserveT, has: (key: string) => boolean): string =>
  has(`action_${status}`)
    ? t(`action_${status}` as Parameters<ReserveT>[0])
    : t('moveTo', { status: statusLabel(status, t, has) })
