import { describe, expect, it } from 'vitest'

import type { MongooseDb } from '../../../../src/events/adapters/payload-mongodb.js'
import type { RecordedEvent } from '../../../../src/events/types.js'
import type { ReferenceKind } from '../../../../src/plugin/shared/reference-data/reference-data.js'

import { watchMongoChanges } from '../../../../src/plugin/cross-process/mongo-changes.js'
import { ScriptedStream } from '../../../support/scripted-change-stream.js'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** What @payloadcms/db-mongodb's adapter offers once connected: its models' collections and the driver's database. */
const adapterWith = (stream: ScriptedStream | undefined) => {
  const pipelines: object[][] = []
  const collection = (collectionName: string) => ({ collection: { collectionName } })
  const db = {
    collections: {
      'reservation-events': collection('reservation-events-stored'),
      resources: collection('resources-stored'),
      schedules: collection('schedules-stored'),
      services: collection('services-stored'),
    },
    connection: {
      db: stream && {
        watch(pipeline: object[]) {
          pipelines.push(pipeline)
          return stream
        },
      },
    },
    name: 'mongoose',
  } as unknown as MongooseDb
  return { db, pipelines }
}

const watch = (db: MongooseDb, events: string | undefined) => {
  const claims: RecordedEvent[] = []
  const references: ReferenceKind[] = []
  const stop = watchMongoChanges(
    db,
    {
      events,
      onClaim: (event) => claims.push(event),
      onReference: (kind) => references.push(kind),
      reference: { resources: 'resources', schedules: 'schedules', services: 'services' },
    },
    { onWatching: () => undefined, report: (error) => expect.fail(String(error)), unavailable: () => undefined },
  )
  return { claims, references, stop }
}

describe('watching a MongoDB database for other processes’ changes', () => {
  it('asks the server for claim inserts into the ledger’s collection and any change to the reference collections, by their stored names', async () => {
    const { db, pipelines } = adapterWith(new ScriptedStream())
    const { stop } = watch(db, 'reservation-events')
    await settle()
    expect(pipelines).toEqual([
      [
        {
          $match: {
            $or: [
              { 'ns.coll': { $in: ['resources-stored', 'schedules-stored', 'services-stored'] } },
              { 'fullDocument.stream': { $regex: '^reserve-resource-' }, 'ns.coll': 'reservation-events-stored', operationType: 'insert' },
            ],
          },
        },
      ],
    ])
    await stop?.()
  })

  it('hands an inserted claim on as the event the store reads back, its BSON date as the ISO time', async () => {
    const stream = new ScriptedStream()
    const { db } = adapterWith(stream)
    const { claims, references, stop } = watch(db, 'reservation-events')
    await settle()
    const data = { end: 1_906_538_400_000, operation: 'op-1', quantity: 1, reservationId: 'r-1', start: 1_906_534_800_000 }
    const metadata = { actor: { kind: 'guest' }, at: '2030-06-02T09:00:00.000Z' }
    stream.push({
      fullDocument: {
        _id: 'ignored',
        data,
        eventId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
        metadata,
        recordedAt: new Date('2030-06-02T09:00:00.123Z'),
        revision: 7,
        stream: 'reserve-resource-1-2030-06',
        type: 'ResourceClaimed',
      },
      ns: { coll: 'reservation-events-stored' },
      operationType: 'insert',
    })
    stream.push({ ns: { coll: 'schedules-stored' }, operationType: 'update' })
    await settle()
    expect(claims).toEqual([
      {
        data,
        eventId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
        metadata,
        position: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
        recordedAt: '2030-06-02T09:00:00.123Z',
        revision: 7,
        stream: 'reserve-resource-1-2030-06',
        type: 'ResourceClaimed',
      },
    ])
    expect(references).toEqual(['schedules'])
    await stop?.()
  })

  it('watches only the reference collections when the ledger is elsewhere, and nothing before the connection is open', async () => {
    const { db, pipelines } = adapterWith(new ScriptedStream())
    const { stop } = watch(db, undefined)
    await settle()
    expect(pipelines).toEqual([[{ $match: { $or: [{ 'ns.coll': { $in: ['resources-stored', 'schedules-stored', 'services-stored'] } }] } }]])
    await stop?.()
    expect(watch(adapterWith(undefined).db, 'reservation-events').stop).toBeUndefined()
  })
})
