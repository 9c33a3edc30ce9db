import type { Column } from 'drizzle-orm'
import type { CollectionSlug, Payload, PayloadRequest } from 'payload'

import { eq, sql } from 'drizzle-orm'

import type { Prepared } from '../../events/adapters/payload-sql/database.js'
import type { RelationId } from '../../events/types.js'
import type { ResolvedOptions } from '../options.js'

import { sqlEvents } from '../../events/adapters/payload-sql.js'
import { parseRecordId } from '../http/record-id.js'

/** Per request, the customers already looked up: the book endpoint's check and the booking rule share one read. */
const lookedUp = new WeakMap<PayloadRequest, Map<string, boolean>>()

/** Per Payload instance, `SELECT id … WHERE id = ? LIMIT 1` on a SQL adapter's customers table; null on others (MongoDB). */
const statements = new WeakMap<Payload, null | Prepared>()

const idStatement = (payload: Payload, collection: string): null | Prepared => {
  let statement = statements.get(payload)
  if (statement === undefined) {
    const source = sqlEvents(payload.db, collection)
    const id = (source?.table as Record<string, Column | undefined> | undefined)?.id
    // Unnamed on PostgreSQL, as the event store's reads: nothing kept on a pooled connection.
    statement = source && id ? source.db.select({ id }).from(source.table).where(eq(id, sql.placeholder('id'))).limit(1).prepare('') : null
    statements.set(payload, statement)
  }
  return statement
}

/** Whether `req` runs in a database transaction of its own (a host's), whose writes only its own reads see. */
const inTransaction = async (req: PayloadRequest): Promise<boolean> => {
  const id = await req.transactionID
  const sessions = (req.payload.db as { sessions?: Record<string, unknown> }).sessions
  return id !== undefined && id !== null && !!sessions?.[String(id)]
}

/**
 * Whether a customer row with this id exists: on the SQL adapters one prepared statement, which
 * spares Payload's query building (most of the read's CPU); in a transaction of the request's
 * own, or on other adapters, Payload's `findOne`, which reads inside it.
 */
const rowExists = async (req: PayloadRequest, collection: string, id: number | string): Promise<boolean> => {
  const statement = idStatement(req.payload, collection)
  if (statement && !(await inTransaction(req))) {
    return (await statement.execute({ id })).length > 0
  }
  // Only whether it exists: no columns, no joins (an auth collection's sessions).
  return (await req.payload.db.findOne({ collection: collection as CollectionSlug, req, select: {}, where: { id: { equals: id } } })) !== null
}

/**
 * Whether the customer `id` exists. An id no customer could have (beyond PostgreSQL's integer
 * ids, say) is not looked up: the database would fail on it with a server error.
 */
export const customerExists = async (req: PayloadRequest, options: ResolvedOptions, id: RelationId): Promise<boolean> => {
  const known = lookedUp.get(req) ?? new Map<string, boolean>()
  lookedUp.set(req, known)
  const key = String(id)
  const remembered = known.get(key)
  if (remembered !== undefined) {
    return remembered
  }
  const parsed = parseRecordId(req.payload, options.slugs.customers, id)
  const found = parsed !== null && (await rowExists(req, options.slugs.customers, parsed))
  known.set(key, found)
  return found
}
