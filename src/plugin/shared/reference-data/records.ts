import type { CapacityMode } from '../../../availability/capacity.js'
import type { Schedule } from '../../../availability/schedule.js'
import type { DurationType } from '../../../availability/service-timing.js'
import type { RelationId } from '../../../events/types.js'

import { relationId } from '../relation-id.js'

/** What availability reads of a service; absent numbers are `null`, defaults apply later. */
export interface ServiceRecord {
  active: boolean
  allowGuestBooking: 'disabled' | 'enabled' | 'inherit'
  bufferTimeAfter: null | number
  bufferTimeBefore: null | number
  duration: null | number
  durationType: DurationType
  /** How long a hold keeps its capacity, in minutes (null: the plugin default). */
  holdMinutes: null | number
  id: RelationId
  /** How far ahead a customer may book, in days (null: the plugin default). */
  maxAdvanceDays: null | number
  /** The longest booking of a flexible service, in minutes. */
  maxFlexibleDuration: null | number
  /** How soon before its start a customer may book, in minutes (null: the plugin default). */
  minNoticeMinutes: null | number
  requiredResources: RelationId[]
  slotInterval: null | number
  /** The tenant it belongs to on a multi-tenant site; null elsewhere. */
  tenant: null | RelationId
}

/** What availability reads of a resource. */
export interface ResourceRecord {
  active: boolean
  capacityMode: CapacityMode
  id: RelationId
  quantity: number
  services: RelationId[]
  /** The tenant it belongs to on a multi-tenant site; null elsewhere. */
  tenant: null | RelationId
  /** The resource's own IANA zone, or null to use the plugin's default. */
  timezone: null | string
}

type Doc = Record<string, unknown>

const numberOrNull = (value: unknown): null | number => (typeof value === 'number' && Number.isFinite(value) ? value : null)

const ids = (value: unknown): RelationId[] =>
  Array.isArray(value) ? value.map(relationId).filter((id): id is RelationId => id !== null) : []

export const toServiceRecord = (doc: Doc): ServiceRecord => ({
  active: doc.active !== false,
  allowGuestBooking: doc.allowGuestBooking === 'enabled' || doc.allowGuestBooking === 'disabled' ? doc.allowGuestBooking : 'inherit',
  bufferTimeAfter: numberOrNull(doc.bufferTimeAfter),
  bufferTimeBefore: numberOrNull(doc.bufferTimeBefore),
  duration: numberOrNull(doc.duration),
  durationType: doc.durationType === 'full-day' || doc.durationType === 'flexible' ? doc.durationType : 'fixed',
  holdMinutes: numberOrNull(doc.holdMinutes),
  id: doc.id as RelationId,
  maxAdvanceDays: numberOrNull(doc.maxAdvanceDays),
  maxFlexibleDuration: numberOrNull(doc.maxFlexibleDuration),
  minNoticeMinutes: numberOrNull(doc.minNoticeMinutes),
  requiredResources: ids(doc.requiredResources),
  slotInterval: numberOrNull(doc.slotInterval),
  tenant: null,
})

export const toResourceRecord = (doc: Doc): ResourceRecord => ({
  active: doc.active !== false,
  capacityMode: doc.capacityMode === 'per-guest' ? 'per-guest' : 'per-reservation',
  id: doc.id as RelationId,
  quantity: numberOrNull(doc.quantity) ?? 1,
  services: ids(doc.services),
  tenant: null,
  timezone: typeof doc.timezone === 'string' && doc.timezone !== '' ? doc.timezone : null,
})

export const toSchedule = (doc: Doc): Schedule => ({
  active: doc.active !== false,
  exceptions: (doc.exceptions as Schedule['exceptions']) ?? [],
  manualSlots: (doc.manualSlots as Schedule['manualSlots']) ?? [],
  name: typeof doc.name === 'string' ? doc.name : '',
  recurringSlots: (doc.recurringSlots as Schedule['recurringSlots']) ?? [],
  resource: String(relationId(doc.resource)),
})
