import { getTableName, sql } from 'drizzle-orm'

import type { RecordedEvent } from '../../types.js'
import type { EventRow } from '../payload-rows.js'
import type { EventsTable, PgDatabaseCalls, SqlEvents } from './database.js'

import { RESOURCE_STREAM_PREFIX } from '../../stream-names.js'
import { toRecorded } from '../payload-rows.js'

/** NOTIFY payloads must stay under 8000 bytes; what does not fit is left out (see `installAppendNotices`). */
const MAX_PAYLOAD = 7_900

/** The channel on which appends to `table` are announced. */
export const appendChannel = (table: SqlEvents['table']): string => `reserve_ledger_${getTableName(table)}`

/** A JSON object of the row's fields, keyed as `EventRow`, in SQL over the trigger's `appended` rows. */
const rowJson = (table: EventsTable): string => {
  const fields: (keyof EventRow)[] = ['stream', 'revision', 'eventId', 'type', 'data', 'metadata', 'recordedAt']
  return `json_build_object(${fields.map((field) => `'${field}', "${table[field].name}"`).join(', ')})`
}

/**
 * Installs a statement-level trigger on the PostgreSQL events table that NOTIFYs, per append
 * statement, each stream it wrote with its new head (`stream revision` lines), then a blank line
 * and the JSON of the capacity events it appended. A listener applies those events without
 * reading them back; where they would not fit, only the heads are sent (the listener reads), and
 * where the heads do not fit either, nothing (as if lost: a retry then catches up). The trigger
 * runs inside the append's own statement, so the notice is delivered only when it commits.
 */
export const installAppendNotices = async (db: PgDatabaseCalls, table: SqlEvents['table']): Promise<string> => {
  const name = getTableName(table)
  const channel = appendChannel(table)
  const fn = `${channel}_notify`
  const stream = `"${table.stream.name}"`
  const revision = `"${table.revision.name}"`
  // Processes booting together would otherwise race on the catalog rows ("tuple concurrently updated").
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${channel}))`)
    await tx.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION "${fn}"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE heads text; claims text; notice text;
BEGIN
  SELECT string_agg(${stream} || ' ' || head, E'\\n' ORDER BY ${stream}) INTO heads
    FROM (SELECT ${stream}, max(${revision}) AS head FROM appended GROUP BY ${stream}) AS written;
  SELECT json_agg(${rowJson(table)} ORDER BY ${stream}, ${revision})::text INTO claims
    FROM appended WHERE ${stream} LIKE '${RESOURCE_STREAM_PREFIX}%';
  notice := coalesce(heads, '') || E'\\n\\n' || coalesce(claims, '[]');
  IF octet_length(notice) > ${MAX_PAYLOAD} THEN
    notice := CASE WHEN octet_length(heads) > ${MAX_PAYLOAD} THEN '' ELSE coalesce(heads, '') END;
  END IF;
  PERFORM pg_notify('${channel}', notice);
  RETURN NULL;
END $$`),
    )
    await tx.execute(
      sql.raw(`CREATE OR REPLACE TRIGGER "${fn}" AFTER INSERT ON "${name}" REFERENCING NEW TABLE AS appended FOR EACH STATEMENT EXECUTE FUNCTION "${fn}"()`),
    )
  })
  return channel
}

export interface AppendNotice {
  /** The capacity events appended, when they fitted in the notice. */
  events: RecordedEvent[]
  /** Each stream written, at its new head; none when the notice was too long to list them. */
  heads: { revision: number; stream: string }[]
}

/** What a notice says was appended. */
export const parseAppendNotice = (payload: string): AppendNotice => {
  const split = payload.indexOf('\n\n')
  const heads = split === -1 ? payload : payload.slice(0, split)
  const rows = split === -1 ? [] : (JSON.parse(payload.slice(split + 2)) as EventRow[])
  return {
    // PostgreSQL's JSON gives timestamps as `2026-01-01T00:00:00.123+00:00`.
    events: rows.map((row) => toRecorded({ ...row, recordedAt: new Date(row.recordedAt).toISOString() })),
    heads:
      heads === ''
        ? []
        : heads.split('\n').map((line) => {
            const space = line.lastIndexOf(' ')
            return { revision: Number(line.slice(space + 1)), stream: line.slice(0, space) }
          }),
  }
}
