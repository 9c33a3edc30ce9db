import type { AdminSettings, ReservationRecord } from '../../contract/http.js'

import {
  type AccessUser,
  isPrivileged,
  managesOwnRecords,
  seesAllRecords,
} from '../../contract/roles/role-rules.js'
import { ownedBy } from './owned-by.js'

/**
 * Whether the user may move a reservation to another time, by the server's own checks: a
 * terminal status is final, staff who see all records update all (`reservationAccess`), and in
 * owner mode other staff update only the reservations of resources they own.
 */
export const mayMove = (
  user: AccessUser | null | undefined,
  settings: AdminSettings,
  reservation: ReservationRecord,
): boolean => {
  const rules = settings.roleRules
  if (settings.statusMachine.terminalStatuses.includes(reservation.status)) {
    return false
  }
  if (seesAllRecords(user, rules)) {
    return true
  }
  if (!managesOwnRecords(user, rules)) {
    return false
  }
  // Populated one level deep, the resource carries its owner's id.
  return ownedBy(reservation.resource, user, rules)
}

/**
 * Whether the user may also change where it ends: only privileged callers set an end of their
 * own choosing (`endOf` in the booking plan); for others the service's duration decides.
 */
export const mayResize = (
  user: AccessUser | null | undefined,
  settings: AdminSettings,
  reservation: ReservationRecord,
): boolean => mayMove(user, settings, reservation) && isPrivileged(user, settings.roleRules) && Boolean(reservation.endTime)
