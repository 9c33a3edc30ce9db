import type { CustomerRecord, NamedRecord, RecordId, Related, ReservationRecord } from '../../contract/http.js'

export const relatedId = <T extends NamedRecord>(value: Related<T>): null | RecordId =>
  value === null || value === undefined ? null : typeof value === 'object' ? value.id : value

/** The related record's name, or null when it was not populated or has none. */
export const relatedName = <T extends NamedRecord>(value: Related<T>): null | string =>
  typeof value === 'object' && value !== null && value.name ? value.name : null

/** How a customer reads in a list: their name, else first and last name, else their email. */
export const customerLabel = (customer: CustomerRecord): string =>
  customer.name ||
  [customer.firstName, customer.lastName].filter(Boolean).join(' ') ||
  customer.email ||
  String(customer.id)

/** Who a reservation is for: the customer, else the guest; null when neither is known. */
export const bookerLabel = (reservation: ReservationRecord): null | string => {
  const { customer, guest } = reservation
  if (typeof customer === 'object' && customer !== null) {
    return customerLabel(customer)
  }
  return guest?.name || guest?.email || guest?.phone || null
}

/** Whether a reservation takes the resource, as primary resource or as one of its items. */
export const usesResource = (reservation: ReservationRecord, resourceId: RecordId): boolean =>
  String(relatedId(reservation.resource)) === String(resourceId) ||
  (reservation.items ?? []).some((item) => String(relatedId(item.resource)) === String(resourceId))
