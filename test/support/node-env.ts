import { existingTestDatabase, type TestDatabase, type TestDatabaseKind } from '../helpers/databases.js'

/** A variable the parent test must set for a child node process; its absence is a test bug. */
export const requiredEnv = (name: string): string => {
  const value = process.env[name]
  if (!value) {
    throw new Error(`${name} is required`)
  }
  return value
}

/** The database whose schema the parent pushed (NODE_DATABASE_KIND, NODE_DATABASE_URI). */
export const parentDatabase = (): Pick<TestDatabase, 'adapter' | 'kind'> =>
  existingTestDatabase(requiredEnv('NODE_DATABASE_KIND') as TestDatabaseKind, requiredEnv('NODE_DATABASE_URI'))
