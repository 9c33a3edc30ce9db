import { mongooseAdapter } from '@payloadcms/db-mongodb'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ar } from '@payloadcms/translations/languages/ar'
import { de } from '@payloadcms/translations/languages/de'
import { en } from '@payloadcms/translations/languages/en'
import { es } from '@payloadcms/translations/languages/es'
import { fa } from '@payloadcms/translations/languages/fa'
import { fr } from '@payloadcms/translations/languages/fr'
import { id } from '@payloadcms/translations/languages/id'
import { pl } from '@payloadcms/translations/languages/pl'
import { ru } from '@payloadcms/translations/languages/ru'
import { tr } from '@payloadcms/translations/languages/tr'
import { zh } from '@payloadcms/translations/languages/zh'
import { buildConfig, type DatabaseAdapterObj } from 'payload'
import { reserveLedgerPlugin, type ReserveLedgerOptions } from 'payload-reserve-ledger'

import { inboxCollection } from './mail-catcher/inbox-collection.js'
import { mailCatcher } from './mail-catcher/mail-catcher.js'
import { seedIfEmpty } from './seed.js'

const dirname = path.dirname(fileURLToPath(import.meta.url))

// Where the site answers, for the links in its mails: `npm run dev`'s port unless told otherwise.
const serverUrl = process.env.SERVER_URL || `http://localhost:${process.env.PORT || 3000}`

// Resolved against this file so `npm run dev`, `npm run seed` and tests agree whatever their cwd.
const defaultDatabaseUri = `file:${path.resolve(dirname, 'data/dev.db')}`

const databaseAdapter = (uri: string): DatabaseAdapterObj => {
  const scheme = uri.slice(0, uri.indexOf(':') + 1)
  if (scheme === 'file:') {
    // libsql creates the database file but not its folder.
    const filePath = uri.slice('file:'.length).replace(/^\/\//, '').split('?')[0] ?? ''
    fs.mkdirSync(path.dirname(path.resolve(filePath)), { recursive: true })
    return sqliteAdapter({ client: { url: uri } })
  }
  if (scheme === 'postgres:' || scheme === 'postgresql:') {
    return postgresAdapter({ pool: { connectionString: uri } })
  }
  if (scheme === 'mongodb:' || scheme === 'mongodb+srv:') {
    return mongooseAdapter({ url: uri })
  }
  throw new Error(`DATABASE_URI must start with file:, postgres://, postgresql:// or mongodb://; got "${uri}"`)
}

// Without EVENTSTORE_URI or NATS_SERVERS the option stays unset, so the plugin keeps the ledger in the database.
const eventStoreOption = (uri: string | undefined, nats: string | undefined): Pick<ReserveLedgerOptions, 'eventStore'> => {
  if (nats) {
    const replicas = Number(process.env.NATS_REPLICAS ?? 1)
    return { eventStore: { kind: 'jetstream', replicas, servers: nats.split(',').map((server) => server.trim()) } }
  }
  if (!uri) {
    return {}
  }
  if (!/^(esdb|kurrentdb)(\+discover)?:\/\//.test(uri)) {
    throw new Error(`EVENTSTORE_URI must start with esdb:// or kurrentdb://; got "${uri}"`)
  }
  return { eventStore: { connectionString: uri, kind: 'eventstoredb' } }
}

export default buildConfig({
  admin: {
    avatar: 'default',
    // `payload generate:importmap` looks for app/ under the cwd; the host app lives in dev/.
    importMap: { baseDir: dirname, importMapFile: path.resolve(dirname, 'app/(payload)/admin/importMap.js') },
    user: 'users',
  },
  collections: [
    {
      slug: 'users',
      admin: { useAsTitle: 'email' },
      auth: true,
      fields: [
        { name: 'name', type: 'text' },
        {
          name: 'role',
          type: 'select',
          defaultValue: 'customer',
          options: ['admin', 'staff', 'customer'],
          required: true,
          saveToJWT: true,
        },
      ],
    },
    inboxCollection,
  ],
  db: databaseAdapter(process.env.DATABASE_URI || defaultDatabaseUri),
  // The admin languages the plugin is translated into, as far as Payload has them (no Hindi).
  // The plugin's mails land in the admin's inbox collection, not in anyone's mailbox.
  email: mailCatcher,
  i18n: { supportedLanguages: { ar, de, en, es, fa, fr, id, pl, ru, tr, zh } },
  onInit: seedIfEmpty,
  plugins: [
    reserveLedgerPlugin({
      allowGuestBooking: true,
      // RESERVE_RESERVATION_DETAIL=form: the calendar opens Payload's form of a reservation, not the plugin's drawer.
      ...(process.env.RESERVE_RESERVATION_DETAIL === 'form' && { components: { reservationDetail: false } }),
      ...eventStoreOption(process.env.EVENTSTORE_URI, process.env.NATS_SERVERS),
      // A guest's booking mail links to their booking on the demo site, where they can cancel it.
      notifications: { email: { cancelUrl: `${serverUrl}/book/manage?reservation={{reservationId}}&token={{token}}` } },
      resourceOwnerMode: { adminRoles: ['admin'] },
      resourceTypes: ['practitioner', 'room', 'equipment'],
      staffProvisioning: { nameFrom: 'name', resourceType: 'practitioner', staffRoles: ['staff'] },
      timezone: 'Europe/Berlin',
      // RESERVE_WAITLIST_AUTO_OFFER=false: only staff offer freed time to the waitlist (the browser suite's site, whose tests offer by hand).
      ...(process.env.RESERVE_WAITLIST_AUTO_OFFER === 'false' && { waitlistAutoOffer: false }),
    }),
  ],
  secret: process.env.PAYLOAD_SECRET || 'reserve-ledger-dev-secret',
  // Generated types would land in the repo on every hot reload; nothing here reads them.
  typescript: { autoGenerate: false },
})
