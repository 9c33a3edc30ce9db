// Runs under plain `node` in an app that installed the packed tarball and no store client: the
// plugin configured for the remote store named by argv[3] must refuse to start, saying what to install.
import { getPayload } from 'payload'

import { appConfig } from './app-config.mjs'

const stores = {
  eventstoredb: { connectionString: 'esdb://127.0.0.1:2113?tls=false', kind: 'eventstoredb' },
  jetstream: { kind: 'jetstream', servers: 'nats://127.0.0.1:4222' },
}

const config = await appConfig({
  databasePath: process.argv[2],
  // Payload logs an onInit failure before rethrowing it; only the thrown message is printed here.
  logLevel: 'silent',
  options: { eventStore: stores[process.argv[3]] },
})
try {
  const payload = await getPayload({ config })
  await payload.destroy()
  console.log(JSON.stringify({ started: true }))
} catch (error) {
  console.log(JSON.stringify({ error: error.message }))
}
process.exit(0)
