import { getTableName, sql } from 'drizzle-orm'

import type { PgDatabaseCalls, SqlEvents } from './database.js'

/** NOTIFY payloads must stay under 8000 bytes; a longer list is sent empty ("something changed"). */
const MAX_PAYLOAD = 7_900

/** The channel on which appends to `table` are announced. */
export const appendChannel = (table: SqlEvents['table']): string => `reserve_ledger_${getTableName(table)}`

/**
 * Installs a statement-level trigger on the PostgreSQL events table that NOTIFYs, per append
 * statement, each stream it wrote and its new head (`stream revision` lines). The trigger runs
 * inside the append's own statement, so the notice is delivered only when the append commits.
 */
export const installAppendNotices = async (db: PgDatabaseCalls, table: SqlEvents['table']): Promise<string> => {
  const name = getTableName(table)
  const channel = appendChannel(table)
  const fn = `${channel}_notify`
  // Processes booting together would otherwise race on the catalog rows ("tuple concurrently updated").
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${channel}))`)
    await tx.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION "${fn}"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE heads text;
BEGIN
  SELECT string_agg(stream || ' ' || head, E'\\n') INTO heads
    FROM (SELECT stream, max(revision) AS head FROM appended GROUP BY stream) AS written;
  PERFORM pg_notify('${channel}', CASE WHEN octet_length(heads) > ${MAX_PAYLOAD} THEN '' ELSE coalesce(heads, '') END);
  RETURN NULL;
END $$`),
  )
    await tx.execute(
    sql.raw(`CREATE OR REPLACE TRIGGER "${fn}" AFTER INSERT ON "${name}" REFERENCING NEW TABLE AS appended FOR EACH STATEMENT EXECUTE FUNCTION "${fn}"()`),
  )
  })
  return channel
}

/** A notice's streams and heads; none when it was too long to list them (as if lost: a retry then catches up). */
export const parseAppendNotice = (payload: string): { revision: number; stream: string }[] =>
  payload === ''
    ? []
    : payload.split('\n').map((line) => {
        const space = line.lastIndexOf(' ')
        return { revision: Number(line.slice(space + 1)), stream: line.slice(0, space) }
      })
