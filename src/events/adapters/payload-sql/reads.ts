import { and, asc, desc, eq, gt, gte, sql } from 'drizzle-orm'

import type { RecordedEvent } from '../../types.js'
import type { EventRow, EventRows } from '../payload-rows.js'
import type { Database, EventsTable, Prepared, SqlEvents } from './database.js'

import { NO_STREAM } from '../../store.js'
import { toRecorded } from '../payload-rows.js'
import { COLUMNS } from './database.js'

// Unnamed on PostgreSQL: the SQL is built once here, but no server-side statement is kept on
// the connection, which transaction-mode poolers (PgBouncer, Supavisor) do not carry over.
const UNNAMED = ''

/** Where an append runs: the database, or a transaction on one of its connections. */
export interface Target {
  db: Database
  head(stream: string): Promise<number>
}

/** The statement reading a stream's last revision, prepared on `db`. */
export const prepareHead = (table: EventsTable, db: Database): Prepared =>
  db
    .select({ revision: table.revision })
    .from(table)
    .where(eq(table.stream, sql.placeholder('stream')))
    .orderBy(desc(table.revision))
    .limit(1)
    .prepare(UNNAMED)

export const targetIn = (db: Database, prepared: () => Prepared): Target => ({
  db,
  async head(stream) {
    const [last] = (await prepared().execute({ stream })) as Pick<EventRow, 'revision'>[]
    return last ? last.revision : NO_STREAM
  },
})

/** What Payload's read transform does to a date field (PostgreSQL gives `2026-01-01 00:00:00.123+00`). */
const recorded = (rows: unknown[]): RecordedEvent[] =>
  (rows as EventRow[]).map((row) => toRecorded({ ...row, recordedAt: new Date(row.recordedAt).toISOString() }))

/** `readStream` and `readAll` on prepared statements. */
export const prepareReads = (source: SqlEvents): Pick<EventRows, 'readAll' | 'readStream'> => {
  const { table } = source
  const fields = Object.fromEntries(COLUMNS.map((key) => [key, table[key]]))
  const streamSelect = () =>
    source.db
      .select(fields)
      .from(table)
      .where(and(eq(table.stream, sql.placeholder('stream')), gte(table.revision, sql.placeholder('from'))))
      .orderBy(asc(table.revision))
  const streamEvents = streamSelect().prepare(UNNAMED)
  const streamPage = streamSelect().limit(sql.placeholder('limit')).prepare(UNNAMED)
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
    .prepare(UNNAMED)

  return {
    async readAll({ after = '', limit, streamPrefix = '' }) {
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
