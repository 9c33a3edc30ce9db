import type { SQLChunk } from 'drizzle-orm'

import { Param, SQL, sql, StringChunk } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core'

import type { EventRow } from '../payload-rows.js'
import type { Database, EventsTable, PgDatabaseCalls, SqlEvents, SqliteDatabaseCalls } from './database.js'

import { NO_STREAM } from '../../store.js'
import { COLUMNS } from './database.js'

/** Rows per INSERT: 7 parameters each stays far below SQLite's and PostgreSQL's bound-parameter limits. */
export const ROWS_PER_INSERT = 1000

/** Where an insert began writing a stream: its first revision there, after `expectedRevision`. */
interface InsertAt {
  expectedRevision: number
  revision: number
  stream: string
}

/** An insert the database refused (the unique index, or a real error); explained once out of any transaction. */
export class InsertRefused extends Error {
  constructor(
    readonly reason: unknown,
    readonly targets: InsertAt[],
  ) {
    super(`Insert of ${targets.map(({ revision, stream }) => `${stream}@${revision}`).join(', ')} failed`)
  }
}

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
export const insertAtHeads = (
  table: EventsTable,
  rows: EventRow[],
  heads: Array<{ expectedRevision: number; stream: string }>,
): SQL => {
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

/** Each dialect's compiler, and how a parameter shows in the text it compiles. */
const COMPILERS = {
  postgres: { dialect: new PgDialect(), parameter: /\$\d+/ },
  sqlite: { dialect: new SQLiteSyncDialect(), parameter: /\?/ },
}
/** The largest statement whose text is kept: a booking writes 2 rows, a move 3 or 4; imports and series write more, and rarely. */
const KEPT_ROWS = 8

/** `insertAtHeads` of a table, built for its database. */
export type InsertStatement = (rows: EventRow[], heads: Array<{ expectedRevision: number; stream: string }>) => SQL

/**
 * `insertAtHeads` for `table`, its text compiled once per shape. The text depends only on how
 * many rows and heads a statement has, so drizzle compiles each such shape once, and the text
 * between its parameters is kept; a statement is then that text around its own parameters,
 * which drizzle compiles by joining them, instead of building and walking the nested statement
 * on every append. Parameters go in the order `insertAtHeads` binds them: each row's columns,
 * then each head's stream, `NO_STREAM` and expected revision.
 */
export const insertStatement = ({ dialect, table }: Pick<SqlEvents, 'dialect' | 'table'>): InsertStatement => {
  const compiler = COMPILERS[dialect]
  const shapes = new Map<string, string[]>()
  return (rows, heads) => {
    if (rows.length > KEPT_ROWS) {
      return insertAtHeads(table, rows, heads)
    }
    const shape = `${rows.length}:${heads.length}`
    let texts = shapes.get(shape)
    const parameters = [
      ...rows.flatMap((row) => COLUMNS.map((key) => new Param(row[key], table[key]))),
      ...heads.flatMap(({ expectedRevision, stream }) => [new Param(stream), new Param(NO_STREAM), new Param(expectedRevision)]),
    ]
    if (!texts) {
      texts = compiler.dialect.sqlToQuery(insertAtHeads(table, rows, heads)).sql.split(compiler.parameter)
      if (texts.length !== parameters.length + 1) {
        // A table or column name that reads as a parameter marker would make this split wrong.
        throw new Error(`The events table's INSERT compiled to ${texts.length - 1} parameter markers, not ${parameters.length}`)
      }
      shapes.set(shape, texts)
    }
    return new SQL([new StringChunk(texts[0]), ...parameters.flatMap((parameter, index) => [parameter, new StringChunk(texts[index + 1])])])
  }
}

/** Runs an insert; how many rows it wrote. */
export type Insert = (db: Database, statement: SQL) => Promise<number>

export const insertFor = (dialect: SqlEvents['dialect']): Insert =>
  dialect === 'postgres'
    ? async (db, statement) => (await (db as PgDatabaseCalls).execute(statement)).rowCount ?? 0
    : async (db, statement) => (await (db as SqliteDatabaseCalls).all(sql`${statement} returning 1`)).length
