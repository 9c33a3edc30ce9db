import type { Column, Placeholder, SQL, SQLChunk } from 'drizzle-orm'

import { and, asc, desc, eq, gt, gte, is, sql } from 'drizzle-orm'
import { PgDatabase } from 'drizzle-orm/pg-core'
import { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'

import type { AppendRequest, AppendResult, ReadAllOptions } from '../store.js'
import type { RecordedEvent } from '../types.js'
import type { EventRow, EventRows } from './payload-rows.js'

import { NO_STREAM, WrongExpectedRevisionError } from '../store.js'
import { inStreamOrder, toRecorded, toRow } from './payload-rows.js'

/** The events table as the SQL adapters build it: a drizzle column per field, keyed by field name. */
export type EventsTable = Record<keyof EventRow, Column>

/** A statement whose SQL is built once; `execute` fills its placeholders. */
interface Prepared {
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

interface Database {
  insert(table: EventsTable): { values(rows: EventRow[]): PromiseLike<unknown> }
  select(fields: Record<string, Column>): Select
}

interface PgDatabaseCalls extends Database {
  execute(statement: SQL): Promise<{ rowCount: null | number }>
  transaction<T>(work: (tx: PgDatabaseCalls) => Promise<T>): Promise<T>
}

interface SqliteDatabaseCalls extends Database {
  all(statement: SQL): Promise<unknown[]>
}

/** The adapter's drizzle database by dialect, with the events table. */
export type SqlEvents = { table: EventsTable } & (
  | { db: PgDatabaseCalls; dialect: 'postgres' }
  | { db: SqliteDatabaseCalls; dialect: 'sqlite' }
)

/** What @payloadcms/db-sqlite and db-postgres expose: their drizzle database and the tables built for it. */
interface DrizzleAdapter {
  drizzle: unknown
  tableNameMap: Map<string, string>
  tables: Record<string, EventsTable | undefined>
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
 * The events table of a SQL adapter and its drizzle database, or undefined when `db` is another
 * adapter (MongoDB) or drizzle of a dialect not handled here (a read-replica wrapper).
 */
export const sqlEvents = (db: unknown, collection: string): SqlEvents | undefined => {
  if (!isDrizzleAdapter(db)) {
    return undefined
  }
  const table = db.tables[db.tableNameMap.get(tableKey(collection)) ?? '']
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

const COLUMNS = ['stream', 'revision', 'eventId', 'type', 'data', 'metadata', 'recordedAt'] as const

/** Rows per INSERT: 7 parameters each stays far below SQLite's and PostgreSQL's bound-parameter limits. */
export const ROWS_PER_INSERT = 1000

/** Where an insert began writing a stream: its first revision there, after `expectedRevision`. */
interface InsertAt {
  expectedRevision: number
  revision: number
  stream: string
}

/** An insert the database refused (the unique index, or a real error); explained once out of any transaction. */
class InsertRefused extends Error {
  constructor(
    readonly reason: unknown,
    readonly targets: InsertAt[],
  ) {
    super(`Insert of ${targets.map(({ revision, stream }) => `${stream}@${revision}`).join(', ')} failed`)
  }
}

/** Where an append runs: the database, or a transaction on one of its connections. */
interface Target {
  db: Database
  head(stream: string): Promise<number>
}

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
  const { table } = source
  const fields = Object.fromEntries(COLUMNS.map((key) => [key, table[key]]))
  // Unnamed on PostgreSQL: the SQL is built once here, but no server-side statement is kept on
  // the connection, which transaction-mode poolers (PgBouncer, Supavisor) do not carry over.
  const unnamed = ''

  const headOf = (db: Database): Prepared =>
    db
      .select({ revision: table.revision })
      .from(table)
      .where(eq(table.stream, sql.placeholder('stream')))
      .orderBy(desc(table.revision))
      .limit(1)
      .prepare(unnamed)
  const streamSelect = () =>
    source.db
      .select(fields)
      .from(table)
      .where(and(eq(table.stream, sql.placeholder('stream')), gte(table.revision, sql.placeholder('from'))))
      .orderBy(asc(table.revision))
  const streamEvents = streamSelect().prepare(unnamed)
  const streamPage = streamSelect().limit(sql.placeholder('limit')).prepare(unnamed)
  // Every position sorts after '' and every stream starts with it: one statement for all pages.
  const allEvents = source.db
    .select(fields)
    .from(table)
    .where(
      and(
        gt(table.eventId, sql.placeholder('after')),
        sql`substr(${table.stream}, 1, ${sql.placeholder('prefixLength')}) = ${sql.placeholder('prefix')}`,
      ),
    )
    .orderBy(asc(table.eventId))
    .limit(sql.placeholder('limit'))
    .prepare(unnamed)

  const headIn = (db: Database, prepared: () => Prepared): Target => ({
    db,
    async head(stream) {
      const [last] = (await prepared().execute({ stream })) as Pick<EventRow, 'revision'>[]
      return last ? last.revision : NO_STREAM
    },
  })
  const rootHead = headOf(source.db)
  const root = headIn(source.db, () => rootHead)

  /** What Payload's read transform does to a date field (PostgreSQL gives `2026-01-01 00:00:00.123+00`). */
  const recorded = (rows: unknown[]): RecordedEvent[] =>
    (rows as EventRow[]).map((row) => toRecorded({ ...row, recordedAt: new Date(row.recordedAt).toISOString() }))

  /**
   * INSERT ... SELECT of `rows` that writes them only if every stream's head is its expected
   * revision: one statement, so all or nothing. Values get their column's encoding (JSON as
   * text, numeric as a string), then a cast to its type: PostgreSQL types bare parameters in
   * VALUES as text. Rows go in stream-name order, so concurrent inserts wait on each other's
   * index entries in one order and cannot deadlock.
   *
   * On PostgreSQL (read committed) the head of a stream this statement inserts nothing into is
   * read from the statement's snapshot, so a writer committing at the same instant can pass
   * unseen. That is safe for the ledger's decisions: a command reads a resource stream without
   * writing it only where its own reservation's claim stays as it was, and any other writer that
   * changes that claim appends to the same reservation stream, whose rows this statement does
   * insert and the unique index on (stream, revision) serialises.
   */
  const insertAtHeads = (rows: EventRow[], heads: Array<{ expectedRevision: number; stream: string }>): SQL => {
    const list = (chunks: SQLChunk[]): SQL => sql.join(chunks, sql`, `)
    const columns = list(COLUMNS.map((key) => sql.identifier(table[key].name)))
    const value = (row: EventRow, key: (typeof COLUMNS)[number]): SQL =>
      sql`cast(${sql.param(row[key], table[key])} as ${sql.raw(table[key].getSQLType())})`
    const values = list(rows.map((row) => sql`(${list(COLUMNS.map((key) => value(row, key)))})`))
    const conditions = heads.map(({ expectedRevision, stream }) => {
      const last = sql`select max(${table.revision}) from ${table} where ${table.stream} = ${stream}`
      return sql`coalesce((${last}), ${NO_STREAM}) = ${expectedRevision}`
    })
    return sql`insert into ${table} (${columns}) select * from (values ${values}) as appended
      where ${sql.join(conditions, sql` and `)}`
  }

  /** Runs an insert; how many rows it wrote. */
  const insert =
    source.dialect === 'postgres'
      ? async (db: Database, statement: SQL) => (await (db as PgDatabaseCalls).execute(statement)).rowCount ?? 0
      : async (db: Database, statement: SQL) =>
          (await (db as SqliteDatabaseCalls).all(sql`${statement} returning 1`)).length

  /** Writes one request, `ROWS_PER_INSERT` rows per statement, each at the head the previous one left. */
  const write = async (target: Target, request: AppendRequest): Promise<AppendResult> => {
    const { expectedRevision, stream } = request
    const rows = request.events.map((event, index) => toRow(event, stream, expectedRevision + 1 + index))
    if (rows.length === 0) {
      const actual = await target.head(stream)
      if (actual !== expectedRevision) {
        throw new WrongExpectedRevisionError(stream, expectedRevision, actual)
      }
    }
    for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
      const batch = rows.slice(from, from + ROWS_PER_INSERT)
      let written: number
      try {
        written = await insert(target.db, insertAtHeads(batch, [{ expectedRevision: expectedRevision + from, stream }]))
      } catch (error) {
        throw new InsertRefused(error, [{ expectedRevision, revision: batch[0].revision, stream }])
      }
      if (written === 0) {
        throw new WrongExpectedRevisionError(stream, expectedRevision, await target.head(stream))
      }
    }
    return { events: rows.map(toRecorded), nextRevision: expectedRevision + rows.length, stream }
  }

  /** A refused insert is a lost race when a stream now reaches the revision it wrote at; else the real error. */
  const explain = async (error: unknown): Promise<unknown> => {
    if (!(error instanceof InsertRefused)) {
      return error
    }
    for (const { expectedRevision, revision, stream } of error.targets) {
      const actual = await root.head(stream)
      if (actual >= revision) {
        return new WrongExpectedRevisionError(stream, expectedRevision, actual)
      }
    }
    return error.reason
  }

  /**
   * Several streams in one conditional INSERT: all-or-nothing on both dialects without a
   * transaction (a single statement is atomic), and one round trip. When it writes nothing,
   * the first stream (in name order) not at its expected revision is reported.
   */
  const writeTogether = async (requests: AppendRequest[]): Promise<AppendResult[]> => {
    const order = inStreamOrder(requests)
    const rowsOf = requests.map(({ events, expectedRevision, stream }) =>
      events.map((event, index) => toRow(event, stream, expectedRevision + 1 + index)),
    )
    // A stream's later requests must continue where its earlier ones end; only its first is
    // checked against the database.
    const heads: AppendRequest[] = []
    const ends = new Map<string, number>()
    for (const index of order) {
      const { events, expectedRevision, stream } = requests[index]
      const end = ends.get(stream)
      if (end === undefined) {
        heads.push(requests[index])
      } else if (end !== expectedRevision) {
        throw new WrongExpectedRevisionError(stream, expectedRevision, end)
      }
      ends.set(stream, expectedRevision + events.length)
    }
    const targets = order
      .filter((index) => rowsOf[index].length > 0)
      .map((index) => ({ ...requests[index], revision: rowsOf[index][0].revision }))
    const rows = order.flatMap((index) => rowsOf[index])
    let written = 0
    try {
      written = rows.length === 0 ? 0 : await insert(source.db, insertAtHeads(rows, heads))
    } catch (error) {
      throw new InsertRefused(error, targets)
    }
    if (written === 0) {
      // Nothing to write (expected revisions only), or a head was not where the caller read it.
      for (const { expectedRevision, stream } of heads) {
        const actual = await root.head(stream)
        if (actual !== expectedRevision) {
          throw new WrongExpectedRevisionError(stream, expectedRevision, actual)
        }
      }
      if (rows.length > 0) {
        // Every head matched when read again: the insert lost to a writer that has since been undone.
        throw new WrongExpectedRevisionError(heads[0].stream, heads[0].expectedRevision)
      }
    }
    return requests.map(({ expectedRevision, stream }, index) => ({
      events: rowsOf[index].map(toRecorded),
      nextRevision: expectedRevision + rowsOf[index].length,
      stream,
    }))
  }

  /** More rows than one statement takes: PostgreSQL writes them in one transaction; SQLite cannot. */
  const writeInTransaction = (requests: AppendRequest[]): Promise<AppendResult[]> => {
    if (source.dialect !== 'postgres') {
      throw new Error(`An atomic append takes at most ${ROWS_PER_INSERT} events on SQLite`)
    }
    return run(async (target) => {
      const results: AppendResult[] = []
      for (const index of inStreamOrder(requests)) {
        results[index] = await write(target, requests[index])
      }
      return results
    }, true)
  }

  const run = async <T>(work: (target: Target) => Promise<T>, transaction: boolean): Promise<T> => {
    try {
      if (transaction && source.dialect === 'postgres') {
        // The head is read in the transaction only after an insert wrote nothing.
        return await source.db.transaction((tx) => work(headIn(tx, () => headOf(tx))))
      }
      return await work(root)
    } catch (error) {
      throw await explain(error)
    }
  }

  return {
    append: (request) => run((target) => write(target, request), request.events.length > ROWS_PER_INSERT),
    appendAtomically: async (requests: AppendRequest[]) => {
      const rows = requests.reduce((sum, { events }) => sum + events.length, 0)
      if (rows > ROWS_PER_INSERT) {
        return writeInTransaction(requests)
      }
      try {
        return await writeTogether(requests)
      } catch (error) {
        throw await explain(error)
      }
    },
    head: (stream) => root.head(stream),
    async readAll({ after = '', limit, streamPrefix = '' }: ReadAllOptions) {
      // In characters, as SQL's substr counts, not UTF-16 code units.
      const prefixLength = [...streamPrefix].length
      return recorded(await allEvents.execute({ after, limit, prefix: streamPrefix, prefixLength }))
    },
    async readStream(stream, fromRevision, limit) {
      return recorded(
        limit === undefined
          ? await streamEvents.execute({ from: fromRevision, stream })
          : await streamPage.execute({ from: fromRevision, limit, stream }),
      )
    },
  }
}
