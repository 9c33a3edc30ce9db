import type { Payload } from 'payload'

import type { ReservationDocumentData } from '../src/projections/reservation-document.js'

import { tableKey } from '../src/events/adapters/payload-sql.js'

/** What this uses of a SQL adapter (@payloadcms/db-sqlite, db-postgres): drizzle and its tables. */
interface DrizzleDatabase {
  drizzle: { insert(table: unknown): { values(rows: unknown[]): PromiseLike<unknown> } }
  tableNameMap: Map<string, string>
  tables: Record<string, unknown>
}

/** 18 columns a row: 500 rows stay below SQLite's limit of 32,766 bound parameters. */
const ROWS_PER_INSERT = 500

/**
 * Writes seeded reservation documents many rows per INSERT. Payload's own create costs an
 * insert and a read-back per document (minutes at 10^5); the rows here are exactly what the
 * projector would write (`reservationDocument`, hooks counted as delivered as in a rebuild),
 * laid out in the columns Payload's SQL adapters generate for the collection. Seeded
 * reservations have no items, so the items table stays untouched.
 */
export const insertReservationDocuments = async (
  payload: Payload,
  collection: string,
  documents: readonly ReservationDocumentData[],
): Promise<void> => {
  const db = payload.db as unknown as Partial<DrizzleDatabase>
  const table = db.tables?.[db.tableNameMap?.get(tableKey(collection)) ?? '']
  if (!db.drizzle || !table) {
    throw new Error(`The benchmark seeds SQL databases only; ${payload.db.name} has no table for "${collection}"`)
  }
  const rows = documents.map((doc) => {
    if (doc.items.length > 0) {
      throw new Error(`Seeded reservation ${doc.id} has items, which this bulk writer does not store`)
    }
    return {
      cancellationToken: doc.cancellationToken,
      createdAt: doc.createdAt,
      customer: doc.customer,
      endTime: doc.endTime,
      guest_email: doc.guest.email,
      guest_name: doc.guest.name,
      guest_phone: doc.guest.phone,
      guestCount: doc.guestCount,
      id: doc.id,
      idempotencyKey: doc.idempotencyKey,
      ledgerHooksRevision: doc.ledgerRevision,
      ledgerRevision: doc.ledgerRevision,
      notes: doc.notes,
      resource: doc.resource,
      service: doc.service,
      startTime: doc.startTime,
      status: doc.status,
      updatedAt: doc.updatedAt,
    }
  })
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
    await db.drizzle.insert(table).values(rows.slice(from, from + ROWS_PER_INSERT))
  }
}
