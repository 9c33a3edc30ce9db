// Runs under plain `node` in an app that installed the packed tarball and no store client: the
// plugin configured for the remote store named by argv[3] must refuse to start, saying what to install.
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { buildConfig, getPayload } from 'payload'
import { reserveLedgerPlugin } from 'payload-reserve-ledger'

const stores = {
  eventstoredb: { connectionString: 'esdb://127.0.0.1:2113?tls=false', kind: 'eventstoredb' },
  jetstream: { kind: 'jetstream', servers: 'nats://127.0.0.1:4222' },
}

const config = await buildConfig({
  admin: { avatar: 'default', user: 'users' },
  collections: [
    {
      slug: 'users',
      auth: true,
      fields: [{ name: 'role', type: 'select', defaultValue: 'customer', options: ['admin', 'staff', 'customer'], saveToJWT: true }],
    },
  ],
  db: sqliteAdapter({ client: { url: `file:${process.argv[2]}` }, push: true }),
  // Payload logs an onInit failure before rethrowing it; only the thrown message is printed here.
  logger: { options: { level: 'silent' } },
  plugins: [reserveLedgerPlugin({ eventStore: stores[process.argv[3]] })],
  secret: 'installed-package-smoke-test',
  telemetry: false,
  typescript: { autoGenerate: false },
})
try {
  const payload = await getPayload({ config })
  await payload.destroy()
  console.log(JSON.stringify({ started: true }))
} catch (error) {
  console.log(JSON.stringify({ error: error.message }))
}
process.exit(0)
