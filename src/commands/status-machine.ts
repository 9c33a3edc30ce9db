import type { StatusMachine } from '../contract/status-machine.js'

export const DEFAULT_STATUS_MACHINE: StatusMachine = {
  blockingStatuses: ['pending', 'confirmed'],
  cancelStatus: 'cancelled',
  confirmStatus: 'confirmed',
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
