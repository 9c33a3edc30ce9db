import type { Column, Placeholder, SQL, Table } from 'drizzle-orm'

import type { EventRow } from '../payload-rows.js'

/** The events table as the SQL adapters build it: a drizzle table with a column per field, keyed by field name. */
export type EventsTable = Table & Record<keyof EventRow, Column>

export const COLUMNS = ['stream', 'revision', 'eventId', 'type', 'data', 'metadata', 'recordedAt'] as const

/** A statement whose SQL is built once; `execute` fills its placeholders. */
export interface Prepared {
  execute(values: Record<string, unknown>): Promise<unknown[]>
}

/** The select builder calls used here, which drizzle's pg-core and sqlite-core builders share. */
interface Select {
  from(table: EventsTable): Select
  limit(limit: number | Placeholder): Select
  orderBy(...order: SQL[]): Select
  /** PostgreSQL's takes a statement name, SQLite's none. */
  prepare(name: string): Prepared
  where(condition: SQL | undefined): Select
}

export interface Database {
  insert(table: EventsTable): { values(rows: EventRow[]): PromiseLike<unknown> }
  select(fields: Record<string, Column>): Select
}

export interface PgDatabaseCalls extends Database {
  execute(statement: SQL): Promise<{ rowCount: null | number }>
  transaction<T>(work: (tx: PgDatabaseCalls) => Promise<T>): Promise<T>
}

export interface SqliteDatabaseCalls extends Database {
  all(statement: SQL): Promise<unknown[]>
}

/** The adapter's drizzle database by dialect, with a collection's table. */
export type SqlCollection<T extends Table = Table> = { table: T } & (
  | { db: PgDatabaseCalls; dialect: 'postgres' }
  | { db: SqliteDatabaseCalls; dialect: 'sqlite' }
)

/** The adapter's drizzle database by dialect, with the events table. */
export type SqlEvents = SqlCollection<EventsTable>
