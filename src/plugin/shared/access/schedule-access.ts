import type { Access, Where } from 'payload'

import type { RoleOptions } from '../../options.js'
import type { CrudAccess } from './owned-record-access.js'

import { ownedResourcesWhere } from './owner-filter.js'
import { managesOwnRecords, seesAllRecords } from '../../../contract/roles/record-scope.js'

const ACTIVE: Where = { active: { equals: true } }

/**
 * Default access of the schedules collection: anyone reads active schedules (availability
 * needs them); staff who see all records manage all; in owner mode other staff manage the
 * schedules of their own resources (the schedule's resource field only accepts those).
 */
export const scheduleAccess = (resolved: RoleOptions): CrudAccess => {
  const manage: Access = async ({ req }) => {
    if (seesAllRecords(req.user, resolved)) {
      return true
    }
    return managesOwnRecords(req.user, resolved) ? ownedResourcesWhere(req, resolved) : false
  }
  return {
    create: ({ req: { user } }) => seesAllRecords(user, resolved) || managesOwnRecords(user, resolved),
    delete: manage,
    read: async ({ req }) => {
      if (seesAllRecords(req.user, resolved)) {
        return true
      }
      return managesOwnRecords(req.user, resolved) ? { or: [ACTIVE, await ownedResourcesWhere(req, resolved)] } : ACTIVE
    },
    update: manage,
  }
}
