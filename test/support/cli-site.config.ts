/**
 * A site's payload.config.ts for the bin scripts, as `npx payload reserve:…` loads it (through
 * PAYLOAD_CONFIG_PATH): the test harness's users and the plugin, on the database named by
 * NODE_DATABASE_KIND and NODE_DATABASE_URI, with the adapter's default `push` (on outside
 * production), which the scripts must not use.
 */
import { postgresAdapter } from '@payloadcms/db-postgres'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { buildConfig } from 'payload'

import { reserveLedgerPlugin } from '../../src/index.js'
import { usersCollection } from '../helpers/payload.js'

const uri = process.env.NODE_DATABASE_URI!

export default buildConfig({
  admin: { user: 'users' },
  collections: [usersCollection],
  db: process.env.NODE_DATABASE_KIND === 'postgres' ? postgresAdapter({ pool: { connectionString: uri } }) : sqliteAdapter({ client: { url: uri } }),
  logger: { options: { level: 'warn' } },
  plugins: [reserveLedgerPlugin({ userCollection: 'users' })],
  secret: 'cli-site',
  telemetry: false,
  typescript: { autoGenerate: false },
})
