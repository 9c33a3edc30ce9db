/**
 * The statuses a reservation moves through: which exist, which a booking starts in, which moves
 * are allowed, which hold capacity (blocking) and which end its life (terminal). A domain rule
 * the deciders apply; the plugin's options only choose it.
 */
export interface StatusMachine {
  blockingStatuses: string[]
  defaultStatus: string
  statuses: string[]
  terminalStatuses: string[]
  transitions: Record<string, string[]>
}

export const DEFAULT_STATUS_MACHINE: StatusMachine = {
  blockingStatuses: ['pending', 'confirmed'],
  defaultStatus: 'pending',
  statuses: ['pending', 'confirmed', 'completed', 'cancelled', 'no-show'],
  terminalStatuses: ['completed', 'cancelled', 'no-show'],
  transitions: {
    cancelled: [],
    completed: [],
    confirmed: ['completed', 'cancelled', 'no-show'],
    'no-show': [],
    pending: ['confirmed', 'cancelled'],
  },
}
