import type { DatabaseAdapterObj } from 'payload'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { sqliteAdapter } from '@payloadcms/db-sqlite'

import type { TestDatabaseKind } from '../test/helpers/databases.js'

/** How SQLite commits: write-ahead log (the production setting) or the default rollback journal. */
export type SqliteJournal = 'rollback' | 'wal'

export interface BenchDatabase {
  journal: SqliteJournal
  kind: TestDatabaseKind
  uri: string
}

// Enough for the measuring process to wait out the seeding one instead of failing with SQLITE_BUSY.
const SQLITE_BUSY_TIMEOUT_MS = 10_000

/**
 * The Payload adapter the benchmark runs on. SQLite defaults to a rollback journal with
 * synchronous=FULL, which syncs the disk several times per commit (about 12 ms per write on
 * the benchmark machine, so under 15 bookings per second however fast the code is). A
 * production SQLite runs in WAL mode with synchronous=NORMAL, as Payload's `wal` option sets
 * it: still durable against process crashes, syncing at checkpoints. The benchmark measures
 * that by default and the rollback journal with `--sqlite-journal rollback`.
 * `push` once, by the process that creates the schema.
 */
export const benchAdapter = ({ journal, kind, uri }: BenchDatabase, push: boolean): DatabaseAdapterObj =>
  kind === 'postgres'
    ? postgresAdapter({ pool: { connectionString: uri }, push })
    : sqliteAdapter({
        busyTimeout: SQLITE_BUSY_TIMEOUT_MS,
        client: { url: uri },
        push,
        ...(journal === 'wal' && { wal: { synchronous: 'NORMAL' } }),
      })
