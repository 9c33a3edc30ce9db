import { mongooseAdapter } from '@payloadcms/db-mongodb'
import { randomBytes } from 'node:crypto'

import type { TestDatabase } from '../helpers/databases.js'

import { createPayloadEventStore } from '../../src/events/adapters/payload.js'
import { reservationEventsCollection } from '../../src/events/adapters/payload-collection.js'
import { describeEventStoreContract } from '../contract/event-store.contract.js'
import { startPayload, stopPayload } from '../helpers/payload.js'
import { startMongoReplicaSet } from './mongodb-container.js'

describeEventStoreContract('payload on mongodb (replica set)', async () => {
  const mongo = await startMongoReplicaSet()
  const uri = mongo.databaseUri(`reserve_t_${randomBytes(6).toString('hex')}`)
  const database = {
    // ensureIndexes: the (stream, revision) unique index must exist before the first concurrent append.
    adapter: () => mongooseAdapter({ ensureIndexes: true, url: uri }),
    // The server is private to this suite: removing it removes the database.
    drop: () => mongo.stop(),
    kind: 'mongodb',
    uri,
  }
  // TestDatabaseKind does not name MongoDB; startPayload only calls adapter().
  const payload = await startPayload({
    collections: [reservationEventsCollection()],
    database: database as unknown as TestDatabase,
  })
  const store = createPayloadEventStore(payload)
  return {
    store,
    teardown: async () => {
      await store.close()
      await stopPayload(payload)
      await database.drop()
    },
  }
})
