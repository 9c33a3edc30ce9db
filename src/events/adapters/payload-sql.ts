import { is, type Table } from 'drizzle-orm'
import { PgDatabase } from 'drizzle-orm/pg-core'
import { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'

import type { EventRows } from './payload-rows.js'
import type { Writer } from './payload-sql/append.js'
import type { EventsTable, PgDatabaseCalls, SqlCollection, SqlEvents, SqliteDatabaseCalls } from './payload-sql/database.js'

import { append } from './payload-sql/append.js'
import { appendAtomically } from './payload-sql/append-atomically.js'
import { insertFor, insertStatement } from './payload-sql/insert.js'
import { prepareHead, prepareReads, targetIn } from './payload-sql/reads.js'

export type { EventsTable, SqlEvents } from './payload-sql/database.js'
export { ROWS_PER_INSERT } from './payload-sql/insert.js'

/** What @payloadcms/db-sqlite and db-postgres expose: their drizzle database and the tables built for it. */
interface DrizzleAdapter {
  drizzle: unknown
  tableNameMap: Map<string, string>
  tables: Record<string, Table | undefined>
}

const isDrizzleAdapter = (db: unknown): db is DrizzleAdapter => {
  const candidate = db as Partial<DrizzleAdapter>
  return !!candidate.drizzle && candidate.tableNameMap instanceof Map && !!candidate.tables
}

/** The key of a collection in `tableNameMap`: its slug in snake case, as the SQL adapters make it. */
export const tableKey = (slug: string): string =>
  slug
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^a-zA-Z0-9]+/g, '_')
    .toLowerCase()

/**
 * A collection's table on a SQL adapter and its drizzle database, or undefined when `db` is
 * another adapter (MongoDB) or drizzle of a dialect not handled here (a read-replica wrapper).
 */
export const sqlCollection = <T extends Table = Table>(db: unknown, collection: string): SqlCollection<T> | undefined => {
  if (!isDrizzleAdapter(db)) {
    return undefined
  }
  const table = db.tables[db.tableNameMap.get(tableKey(collection)) ?? ''] as T | undefined
  if (!table) {
    throw new Error(`The database adapter has no table for the collection "${collection}"`)
  }
  if (is(db.drizzle, PgDatabase)) {
    return { db: db.drizzle as unknown as PgDatabaseCalls, dialect: 'postgres', table }
  }
  if (is(db.drizzle, BaseSQLiteDatabase)) {
    return { db: db.drizzle as unknown as SqliteDatabaseCalls, dialect: 'sqlite', table }
  }
  return undefined
}

/** The events table of a SQL adapter and its drizzle database (see `sqlCollection`). */
export const sqlEvents = (db: unknown, collection: string): SqlEvents | undefined => sqlCollection<EventsTable>(db, collection)

/**
 * The events collection read and written with drizzle on the adapter's own table, skipping
 * Payload's query building, where parsing and row transforms (most of an append's CPU through
 * `payload.db`). Reads are prepared statements, their SQL built once. Values are encoded by the
 * table's drizzle columns, as in Payload's own writes, so each side reads what the other wrote.
 *
 * An append is one conditional INSERT ... SELECT that writes its rows only if the stream's head
 * is the expected revision, with no read before it; of concurrent writers the unique (stream,
 * revision) index lets one win. When it writes nothing or the index refuses it, the head is
 * read to report it. Appends of up to `ROWS_PER_INSERT` events are one statement, so
 * all-or-nothing on every dialect; longer ones go a statement per batch, each at the head the
 * previous one left: in one transaction on PostgreSQL, one after another on SQLite (transactions
 * off, see docs/ARCHITECTURE.md, "Event stores (`src/events/adapters`)"), where such an
 * append losing a race midway keeps the batches it wrote. `appendAtomically` is the same single
 * statement over several streams, conditioned on every head, so both dialects append a
 * booking's claims and its reservation event atomically; beyond `ROWS_PER_INSERT` events
 * PostgreSQL uses a transaction (drizzle's throws when COMMIT fails) and SQLite refuses.
 */
export const createSqlEventRows = (source: SqlEvents): EventRows => {
  const { readAll, readStream } = prepareReads(source)
  const rootHead = prepareHead(source.table, source.db)
  const writer: Writer = { insert: insertFor(source.dialect), root: targetIn(source.db, () => rootHead), source, statement: insertStatement(source) }
  return {
    append: (request) => append(writer, request),
    appendAtomically: (requests) => appendAtomically(writer, requests),
    head: (stream) => writer.root.head(stream),
    readAll,
    readStream,
  }
}
