import type { StatusMachine } from './options.js'

import { configError } from './config-error.js'
import { isStringArray } from './shared/validation/is-string-array.js'

const listIn = (statuses: string[], key: 'blockingStatuses' | 'terminalStatuses', value: unknown): void => {
  if (!isStringArray(value, { nonEmpty: false })) {
    throw configError(`statusMachine.${key} must be an array of strings`)
  }
  const unknown = value.find((status) => !statuses.includes(status))
  if (unknown !== undefined) {
    throw configError(`statusMachine.${key} names "${unknown}", which is not in statusMachine.statuses`)
  }
}

/**
 * Checks that a status machine is closed and consistent: every status it names exists, every
 * status has a transitions entry, terminal statuses have no exit and the others have one, and
 * the status that cancelling moves to is terminal, and the confirm status (when set) exists.
 */
export const validateStatusMachine = (machine: StatusMachine, cancelledStatus: string, confirmedStatus: null | string): void => {
  if (typeof machine !== 'object' || machine === null) {
    throw configError('statusMachine must be an object')
  }
  const { blockingStatuses, defaultStatus, statuses, terminalStatuses, transitions } = machine
  if (!isStringArray(statuses, { nonEmpty: true }) || new Set(statuses).size !== statuses.length) {
    throw configError('statusMachine.statuses must be a non-empty array of distinct strings')
  }
  if (typeof defaultStatus !== 'string' || !statuses.includes(defaultStatus)) {
    throw configError(`statusMachine.defaultStatus "${String(defaultStatus)}" is not in statusMachine.statuses`)
  }
  listIn(statuses, 'terminalStatuses', terminalStatuses)
  listIn(statuses, 'blockingStatuses', blockingStatuses)
  if (terminalStatuses.includes(defaultStatus)) {
    throw configError(`statusMachine.defaultStatus "${defaultStatus}" must not be terminal`)
  }
  if (typeof transitions !== 'object' || transitions === null || Array.isArray(transitions)) {
    throw configError('statusMachine.transitions must be an object mapping each status to its next statuses')
  }
  const strayKey = Object.keys(transitions).find((status) => !statuses.includes(status))
  if (strayKey !== undefined) {
    throw configError(`statusMachine.transitions has an entry "${strayKey}", which is not in statusMachine.statuses`)
  }
  for (const status of statuses) {
    const next: unknown = transitions[status]
    if (next === undefined) {
      throw configError(`statusMachine.transitions is missing an entry for "${status}"`)
    }
    if (!isStringArray(next, { nonEmpty: false })) {
      throw configError(`statusMachine.transitions.${status} must be an array of strings`)
    }
    const unknown = next.find((target) => !statuses.includes(target))
    if (unknown !== undefined) {
      throw configError(
        `statusMachine.transitions.${status} names "${unknown}", which is not in statusMachine.statuses`,
      )
    }
    const terminal = terminalStatuses.includes(status)
    if (terminal && next.length > 0) {
      throw configError(`statusMachine.transitions.${status} must be [] because "${status}" is terminal`)
    }
    if (!terminal && next.length === 0) {
      throw configError(
        `statusMachine.transitions.${status} is empty but "${status}" is not in statusMachine.terminalStatuses`,
      )
    }
  }
  if (confirmedStatus !== null && (typeof confirmedStatus !== 'string' || !statuses.includes(confirmedStatus))) {
    throw configError(`statusMachine.confirmStatus "${String(confirmedStatus)}" is not in statusMachine.statuses`)
  }
  if (typeof cancelledStatus !== 'string' || !terminalStatuses.includes(cancelledStatus)) {
    throw configError(
      `statusMachine must have a terminal status named "${cancelledStatus}" (cancelling moves a reservation there)`,
    )
  }
}
