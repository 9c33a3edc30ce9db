// The Payload config both scripts in the installed app boot: SQLite at `databasePath`, a users
// collection with the plugin's roles, and the plugin from the installed tarball with `options`.
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { buildConfig } from 'payload'
import { reserveLedgerPlugin } from 'payload-reserve-ledger'

export const appConfig = ({ databasePath, logLevel, options }) =>
  buildConfig({
    admin: { avatar: 'default', user: 'users' },
    collections: [
      {
        slug: 'users',
        auth: true,
        fields: [{ name: 'role', type: 'select', defaultValue: 'customer', options: ['admin', 'staff', 'customer'], saveToJWT: true }],
      },
    ],
    db: sqliteAdapter({ client: { url: `file:${databasePath}` }, push: true }),
    logger: { options: { level: logLevel } },
    plugins: [reserveLedgerPlugin(options)],
    secret: 'installed-package-smoke-test',
    telemetry: false,
    typescript: { autoGenerate: false },
  })
