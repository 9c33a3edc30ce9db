import { getTableName, sql } from 'drizzle-orm'

import type { SqlCollection } from '../../../events/adapters/payload-sql/database.js'
import type { ReferenceKind } from './reference-data.js'

/**
 * Installs statement-level triggers on the services', resources' and schedules' tables in
 * PostgreSQL that NOTIFY the returned channel with the collection's kind on every write, so that
 * every process drops its cached records of that kind as soon as the write commits (this
 * process's own hooks drop them by id). Any write of Payload's to such a document touches its
 * main row (`updatedAt`), also when only an array or a relationship changed.
 */
export const installReferenceNotices = async (
  tables: Record<ReferenceKind, SqlCollection & { dialect: 'postgres' }>,
): Promise<string> => {
  const { db } = tables.services
  const channel = `reserve_reference_${getTableName(tables.services.table)}`
  const fn = `${channel}_notify`
  // Processes booting together would otherwise race on the catalog rows ("tuple concurrently updated").
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${channel}))`)
    await tx.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION "${fn}"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], TG_ARGV[1]);
  RETURN NULL;
END $$`),
    )
    for (const [kind, { table }] of Object.entries(tables)) {
      await tx.execute(
        sql.raw(
          `CREATE OR REPLACE TRIGGER "${fn}" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${getTableName(table)}" FOR EACH STATEMENT EXECUTE FUNCTION "${fn}"('${channel}', '${kind}')`,
        ),
      )
    }
  })
  return channel
}
