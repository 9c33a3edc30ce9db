import type { Access, Where } from 'payload'

import type { RoleOptions } from '../../options.js'

import { ownedByUser } from './owner-filter.js'
import { managesOwnRecords, seesAllRecords } from '../../../contract/roles/record-scope.js'

export type CrudAccess = Record<'create' | 'delete' | 'read' | 'update', Access>

const ACTIVE: Where = { active: { equals: true } }

/**
 * Default access of the services and resources collections. Anyone reads active records
 * (booking pages list them); staff who see all records manage all; in owner mode other staff
 * manage only what they own (the owner field itself pins new records to them).
 */
export const ownedRecordAccess = (resolved: RoleOptions): CrudAccess => {
  const manage: Access = ({ req: { user } }) => {
    if (seesAllRecords(user, resolved)) {
      return true
    }
    return user && managesOwnRecords(user, resolved) ? ownedByUser(user, resolved) : false
  }
  return {
    create: ({ req: { user } }) => seesAllRecords(user, resolved) || managesOwnRecords(user, resolved),
    delete: manage,
    read: ({ req: { user } }) => {
      if (seesAllRecords(user, resolved)) {
        return true
      }
      return user && managesOwnRecords(user, resolved) ? { or: [ACTIVE, ownedByUser(user, resolved)] } : ACTIVE
    },
    update: manage,
  }
}
