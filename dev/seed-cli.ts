// `npm run seed`: boots the dev config without Next. Booting runs `onInit`, which seeds an empty
// database and logs what it created; this script then reports what the database holds.
import config from './payload.config.js'
import { getPayload } from 'payload'

const payload = await getPayload({ config })
const slugs = ['users', 'customers', 'services', 'resources', 'schedules', 'reservations'] as const
for (const collection of slugs) {
  const { totalDocs } = await payload.count({ collection, overrideAccess: true })
  console.log(`${collection.padEnd(12)} ${totalDocs}`)
}
await payload.destroy()
process.exit(0)
