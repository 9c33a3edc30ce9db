import type { HistoryChange, HistoryField, RecordId } from '../../contract/http.js'
import type { Formatters } from '../shared/use-formatters.js'
import type { ReserveT } from '../shared/use-reserve-translation.js'

/** Names of the records a change refers to by id; an unknown one reads as its id. */
export interface ChangeNames {
  customer(id: RecordId): string
  resource(id: RecordId): string
  service(id: RecordId): string
}

type Named = (id: RecordId) => string

const isId = (value: unknown): value is RecordId => typeof value === 'string' || typeof value === 'number'

/** A relation's name, or "none" where it was unset. */
const nameOr = (value: unknown, name: Named, t: ReserveT): string => (isId(value) ? name(value) : t('auditNone'))

/** The resources of a reservation's extra items, by name, in order. */
const itemNames = (value: unknown, name: Named, t: ReserveT): string => {
  const names = (Array.isArray(value) ? value : [])
    .map((item) => (item && typeof item === 'object' ? (item as { resource?: unknown }).resource : null))
    .filter(isId)
    .map(name)
  return names.length > 0 ? names.join(', ') : t('auditNone')
}

const guestName = (value: unknown, t: ReserveT): string => {
  const guest = value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  const label = [guest.name, guest.email, guest.phone].find((part) => typeof part === 'string' && part)
  return typeof label === 'string' ? label : t('auditNone')
}

/** The fields of the plugin's own; any other change is of a field the site added. */
const OWN_FIELDS = new Set<string>(['customer', 'endTime', 'guest', 'guestCount', 'items', 'notes', 'resource', 'service', 'startTime', 'status'] satisfies HistoryField[])

const isScalar = (value: unknown): value is boolean | null | number | string =>
  value === null || ['boolean', 'number', 'string'].includes(typeof value)

/** A field the site added, by its name: "partySize: 4 → 6", or "menu changed" for a group, rows or locales. */
const describeSiteField = ({ field, from, to }: HistoryChange, t: ReserveT): string =>
  isScalar(from) && isScalar(to)
    ? t('auditField', { field, from: from === null ? t('auditNone') : String(from), to: to === null ? t('auditNone') : String(to) })
    : t('auditFieldChanged', { field })

/** Where and when: a new start reads as a move (with the resource if that changed too), else the end or resource alone. */
const describeSchedule = (by: Map<string, HistoryChange>, names: ChangeNames, format: Formatters, t: ReserveT): string[] => {
  const [start, end, resource] = [by.get('startTime'), by.get('endTime'), by.get('resource')]
  const resources = resource && {
    fromResource: nameOr(resource.from, names.resource, t),
    toResource: nameOr(resource.to, names.resource, t),
  }
  if (start) {
    const when = { from: format.weekdayTime(String(start.from)), to: format.weekdayTime(String(start.to)) }
    return [resources ? t('auditMovedResource', { ...when, ...resources }) : t('auditMoved', when)]
  }
  return [
    ...(end ? [t('auditEnd', { from: format.weekdayTime(String(end.from)), to: format.weekdayTime(String(end.to)) })] : []),
    ...(resources ? [t('auditResource', { from: resources.fromResource, to: resources.toResource })] : []),
  ]
}

/**
 * What an event changed, one sentence per change, in the admin's language: "Moved from Tue,
 * Nov 3, 10:00 to Wed, Nov 4, 14:00 (Anna Weber → Room 2)", "Guests 2 → 4", "Notes changed".
 * A status change is the event's own sentence, so it is not repeated here.
 */
export const describeChanges = (changes: HistoryChange[], names: ChangeNames, format: Formatters, t: ReserveT): string[] => {
  const by = new Map<string, HistoryChange>(changes.map((change) => [change.field, change]))
  const lines = describeSchedule(by, names, format, t)
  const service = by.get('service')
  const guests = by.get('guestCount')
  const items = by.get('items')
  const customer = by.get('customer')
  const guest = by.get('guest')
  if (service) {
    lines.push(t('auditService', { from: nameOr(service.from, names.service, t), to: nameOr(service.to, names.service, t) }))
  }
  if (guests) {
    lines.push(t('auditGuests', { from: String(guests.from ?? 1), to: String(guests.to ?? 1) }))
  }
  // Items move along with the reservation; only other resources are a change worth a line.
  const [itemsFrom, itemsTo] = items ? [itemNames(items.from, names.resource, t), itemNames(items.to, names.resource, t)] : []
  if (itemsFrom !== itemsTo) {
    lines.push(t('auditItems', { from: itemsFrom!, to: itemsTo! }))
  }
  if (customer) {
    lines.push(t('auditCustomer', { from: nameOr(customer.from, names.customer, t), to: nameOr(customer.to, names.customer, t) }))
  }
  if (guest) {
    lines.push(t('auditGuest', { from: guestName(guest.from, t), to: guestName(guest.to, t) }))
  }
  if (by.has('notes')) {
    lines.push(t('auditNotes'))
  }
  return [...lines, ...changes.filter(({ field }) => !OWN_FIELDS.has(field)).map((change) => describeSiteField(change, t))]
}
