import type { DatabaseAdapterObj } from 'payload'

import { createClient } from '@libsql/client'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

export type TestDatabaseKind = 'postgres' | 'sqlite'

export interface TestDatabase {
  /** A fresh Payload database adapter on this database; it pushes the schema on connect. */
  adapter(): DatabaseAdapterObj
  /** Removes the database; stop every Payload instance on it first. */
  drop(): Promise<void>
  kind: TestDatabaseKind
  /** Runs one SQL statement on its own connection, e.g. to inspect the schema Payload pushed. */
  query(sql: string): Promise<Record<string, unknown>[]>
  uri: string
}

const KINDS: readonly TestDatabaseKind[] = ['sqlite', 'postgres']

// Enough for a second connection (another simulated node) to wait out a writer instead of
// failing with SQLITE_BUSY.
const SQLITE_BUSY_TIMEOUT_MS = 10_000

// @payloadcms/drizzle skips the schema push when the previous push in this process had the same
// collections, even if it went to another database; every test database needs its own push.
process.env.PAYLOAD_FORCE_DRIZZLE_PUSH = 'true'

const isKind = (value: string): value is TestDatabaseKind => (KINDS as readonly string[]).includes(value)

/** The database kinds the integration suites run on: env RESERVE_TEST_DATABASES, a comma list. */
export const testDatabaseKinds = (): TestDatabaseKind[] => {
  const listed = (process.env.RESERVE_TEST_DATABASES ?? KINDS.join(','))
    .split(',')
    .map((kind) => kind.trim())
    .filter(Boolean)
  const unknown = listed.filter((kind) => !isKind(kind))
  if (unknown.length > 0) {
    throw new Error(`RESERVE_TEST_DATABASES names unknown kinds: ${unknown.join(', ')}`)
  }
  return listed.filter(isKind)
}

const uniqueName = (): string => `reserve_t_${randomBytes(6).toString('hex')}`

const postgresServerUrl = (): string =>
  process.env.RESERVE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

const queryPostgres = async (connectionString: string, statements: string[]): Promise<Record<string, unknown>[]> => {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    let rows: Record<string, unknown>[] = []
    for (const statement of statements) {
      ;({ rows } = await client.query<Record<string, unknown>>(statement))
    }
    return rows
  } finally {
    await client.end()
  }
}

/** Runs statements on the server's maintenance database (CREATE/DROP DATABASE cannot run in the test one). */
const onPostgresServer = async (statements: string[]): Promise<void> => {
  await queryPostgres(postgresServerUrl(), statements)
}

const createPostgresDatabase = async (): Promise<TestDatabase> => {
  const name = uniqueName()
  await onPostgresServer([`CREATE DATABASE ${name}`])
  const url = new URL(postgresServerUrl())
  url.pathname = `/${name}`
  const uri = url.toString()
  return {
    adapter: () => postgresAdapter({ pool: { connectionString: uri }, push: true }),
    drop: () =>
      onPostgresServer([
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
        `DROP DATABASE IF EXISTS ${name}`,
      ]),
    kind: 'postgres',
    query: (sql) => queryPostgres(uri, [sql]),
    uri,
  }
}

const createSqliteDatabase = (): TestDatabase => {
  const file = path.join(os.tmpdir(), `${uniqueName()}.db`)
  const uri = `file:${file}`
  return {
    // Transactions stay off (the adapter's default): see docs/ARCHITECTURE.md,
    // "Event stores (`src/events/adapters`)".
    adapter: () => sqliteAdapter({ busyTimeout: SQLITE_BUSY_TIMEOUT_MS, client: { url: uri }, push: true }),
    drop: async () => {
      await Promise.all(['', '-journal', '-wal', '-shm'].map((suffix) => rm(`${file}${suffix}`, { force: true })))
    },
    kind: 'sqlite',
    query: async (sql) => {
      const client = createClient({ url: uri })
      try {
        const { rows } = await client.execute(sql)
        return rows.map((row) => ({ ...row }))
      } finally {
        client.close()
      }
    },
    uri,
  }
}

/** A new, empty database of the given kind, private to the caller. */
export const createTestDatabase = async (kind: TestDatabaseKind): Promise<TestDatabase> =>
  kind === 'postgres' ? createPostgresDatabase() : createSqliteDatabase()

/**
 * A database another process created and pushed the schema to: for a second OS process
 * (a second node) that must not push again while the first one runs.
 */
export const existingTestDatabase = (kind: TestDatabaseKind, uri: string): Pick<TestDatabase, 'adapter' | 'kind' | 'uri'> => ({
  adapter: () =>
    kind === 'postgres'
      ? postgresAdapter({ pool: { connectionString: uri }, push: false })
      : sqliteAdapter({ busyTimeout: SQLITE_BUSY_TIMEOUT_MS, client: { url: uri }, push: false }),
  kind,
  uri,
})
