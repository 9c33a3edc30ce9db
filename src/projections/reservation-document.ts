import type { Reservation } from '../commands/reservation-state.js'

/**
 * The plugin's own fields of the document a reservation projects to. Relation ids, guest and
 * items are stored as given; `ledgerRevision` is the reservation-stream revision it reflects,
 * which makes applying the stream idempotent. On a multi-tenant site the reservation's tenant
 * goes in `tenantField`, the collection's tenant field.
 */
export const ownDocument = (reservation: Reservation, revision: number, tenantField: null | string = null) => ({
  ...(tenantField === null ? {} : { [tenantField]: reservation.tenant ?? null }),
  cancellationToken: reservation.cancellationTokenHash,
  createdAt: reservation.createdAt,
  customer: reservation.customer,
  endTime: reservation.endTime,
  guest: {
    email: reservation.guest?.email ?? null,
    name: reservation.guest?.name ?? null,
    phone: reservation.guest?.phone ?? null,
  },
  guestCount: reservation.guestCount,
  id: reservation.id,
  idempotencyKey: reservation.idempotencyKey,
  // Array rows need ids; derived from the reservation so a rebuild writes the same ones.
  items: reservation.items.map((item, index) => ({
    id: `${reservation.id}-${index}`,
    endTime: item.endTime ?? null,
    guestCount: item.guestCount ?? null,
    resource: item.resource,
    service: item.service ?? null,
    startTime: item.startTime ?? null,
  })),
  ledgerRevision: revision,
  notes: reservation.notes,
  resource: reservation.resource,
  seriesId: reservation.seriesId ?? null,
  service: reservation.service,
  startTime: reservation.startTime,
  status: reservation.status,
  updatedAt: reservation.updatedAt,
})

/**
 * The reservations-collection document a reservation projects to: the plugin's fields and the
 * site's own (`fields`), as the database adapter stores them.
 */
export const reservationDocument = (reservation: Reservation, revision: number, tenantField: null | string = null) => ({
  // A copy: the database adapter marks the groups it writes, and the reservation is the ledger's.
  ...(reservation.fields && structuredClone(reservation.fields)),
  ...ownDocument(reservation, revision, tenantField),
})

export type ReservationDocumentData = ReturnType<typeof reservationDocument>
