import type { Payload } from 'payload'

// PostgreSQL's undefined_table and undefined_column; SQLite says it in words.
const POSTGRES_CODES = new Set(['42P01', '42703'])
const SQLITE_MESSAGE = /no such (table|column)|has no column named/i

/** Whether `error`, or one it wraps, says a table or column the query names does not exist. */
const isMissingSchema = (error: unknown): boolean => {
  for (let cause = error; cause instanceof Error || (typeof cause === 'object' && cause !== null); ) {
    const { code, message } = cause as { code?: unknown; message?: unknown }
    if ((typeof code === 'string' && POSTGRES_CODES.has(code)) || (typeof message === 'string' && SQLITE_MESSAGE.test(message))) {
      return true
    }
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}

/**
 * The collections of the config whose tables (or some of their columns) the database does not
 * have: one read of a row each, all at once. Any other failure is thrown.
 */
export const collectionsWithoutTables = async (payload: Payload): Promise<string[]> => {
  const checked = await Promise.all(
    payload.config.collections.map(async ({ slug }) => {
      try {
        await payload.db.findOne({ collection: slug, where: {} })
        return null
      } catch (error) {
        if (isMissingSchema(error)) {
          return slug
        }
        throw error
      }
    }),
  )
  return checked.filter((slug): slug is string => slug !== null)
}

/** What to do about them, in one message. */
export const missingTablesMessage = (slugs: readonly string[], collections: number): string =>
  `payload-reserve-ledger: the database has ${
    slugs.length === collections
      ? `none of the tables of this config's ${collections} collections`
      : `no tables (or not all their columns) for the collections ${slugs.join(', ')}`
  }. ` +
  'Create them with a migration: `npx payload migrate:create` (after installing or upgrading a plugin), then `npx payload migrate`. ' +
  '(In development, a database adapter with `push` creates them when the dev server starts.) See the README, "Migrations".'
