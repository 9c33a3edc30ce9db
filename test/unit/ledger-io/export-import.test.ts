import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'

import type { AppendRequest, EventStore } from '../../../src/events/store.js'
import type { NewEvent, RecordedEvent } from '../../../src/events/types.js'

import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { capacityStreamName } from '../../../src/events/capacity-streams.js'
import { EVENT_SCHEMA_VERSION, resourceStream } from '../../../src/events/types.js'
import { LedgerFileError, LedgerImportError } from '../../../src/ledger-io/errors.js'
import { exportLedger } from '../../../src/ledger-io/export.js'
import { importLedger } from '../../../src/ledger-io/import.js'
import { bookedLedger, exportText, portable, textSink } from './ledger-file.js'

const claim = (reservationId: string): NewEvent => ({
  data: { intervals: [{ end: 2, start: 1, units: 1 }], reservationId },
  metadata: {
    actor: { kind: 'system', name: 'test' },
    at: '2030-01-01T00:00:00.000Z',
    correlationId: reservationId,
    schemaVersion: EVENT_SCHEMA_VERSION,
  },
  type: 'CapacityClaimed',
})

/** A store that records each append request before passing it on. */
const recording = (store: EventStore) => {
  const requests: AppendRequest[] = []
  const wrapped: EventStore = {
    ...store,
    append(request) {
      requests.push(request)
      return store.append(request)
    },
  }
  return { requests, store: wrapped }
}

const withoutStoreFields = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => {
      const { eventId: _id, recordedAt: _at, ...rest } = JSON.parse(line) as Record<string, unknown>
      return rest
    })

describe('exportLedger and importLedger', () => {
  it('round-trips a ledger into another store: same streams, revisions, data, metadata and order', async () => {
    const { store: source } = await bookedLedger()
    const text = await exportText(source)
    const target = createMemoryEventStore()
    const progress: number[] = []

    const summary = await importLedger(target, Readable.from([text]), { onProgress: ({ events }) => progress.push(events) })

    expect(summary).toEqual({ events: 17, streams: 7 })
    expect(progress).toEqual([17])
    expect(await portable(target)).toEqual(await portable(source))
    // Exported again, the file differs only in what each store assigns itself.
    expect(withoutStoreFields(await exportText(target))).toEqual(withoutStoreFields(text))
  })

  it('appends consecutive events of a stream together, at their revisions, up to the batch size', async () => {
    const { store: source } = await bookedLedger()
    const text = await exportText(source)
    const batched = recording(createMemoryEventStore())
    const single = recording(createMemoryEventStore())

    await importLedger(batched.store, Readable.from([text]))
    await importLedger(single.store, Readable.from([text]), { batchSize: 1 })

    // Lines 11 and 12 are revisions 1 and 2 of one reservation stream: one append.
    expect(batched.requests).toHaveLength(16)
    expect(batched.requests[10]).toMatchObject({ expectedRevision: 0, events: [{ type: 'ReservationRescheduled' }, { type: 'ReservationDetailsUpdated' }] })
    expect(single.requests).toHaveLength(17)
    expect(single.requests.map(({ expectedRevision }) => expectedRevision)).toEqual(
      (await source.readAll({ limit: 100 })).map(({ revision }) => revision - 1),
    )
    expect(await portable(single.store)).toEqual(await portable(batched.store))
  })

  it('refuses a target that already has ledger events, and writes nothing', async () => {
    const { store: source } = await bookedLedger()
    const target = createMemoryEventStore()
    await target.append({ events: [claim('x')], expectedRevision: -1, stream: resourceStream('r9') })

    const attempt = importLedger(target, Readable.from([await exportText(source)]))

    await expect(attempt).rejects.toThrow(LedgerImportError)
    await expect(attempt).rejects.toThrow('already has events (reserve-resource-r9 among them)')
    expect(await target.readAll({ limit: 100 })).toHaveLength(1)
  })

  it('leaves streams of other applications out of the export and out of the emptiness check', async () => {
    const { store: source } = await bookedLedger()
    await source.append({ events: [claim('x')], expectedRevision: -1, stream: 'billing-invoice-1' })
    const text = await exportText(source)
    expect(text).not.toContain('billing-invoice-1')

    const target = createMemoryEventStore()
    await target.append({ events: [claim('y')], expectedRevision: -1, stream: 'billing-invoice-2' })
    await expect(importLedger(target, Readable.from([text]))).resolves.toEqual({ events: 17, streams: 7 })
  })

  it('stops with the line and what was written when another writer gets into the target', async () => {
    const { store: source } = await bookedLedger()
    const target = createMemoryEventStore()
    let appends = 0
    const raced: EventStore = {
      ...target,
      async append(request) {
        if (++appends === 4) {
          // Someone books on r1 before the import's 4th append (line 5); the file's r1 revision 1 is line 6.
          await target.append({ events: [claim('intruder')], expectedRevision: 0, stream: capacityStreamName('r1', '2030-03') })
        }
        return target.append(request)
      },
    }

    const attempt = importLedger(raced, Readable.from([await exportText(source)]))

    await expect(attempt).rejects.toThrow(LedgerImportError)
    await expect(attempt).rejects.toThrow(
      'Import stopped at line 6 after 4 events: stream reserve-resource-r1-2030-03 in the target is no longer at revision 0',
    )
  })

  it('names the damaged line, and says when events were written before it', async () => {
    const { store: source } = await bookedLedger()
    const lines = (await exportText(source)).trimEnd().split('\n')
    const damagedAt = (index: number) => [...lines.slice(0, index), '{"stream":', ...lines.slice(index)].join('\n')

    const early = importLedger(createMemoryEventStore(), Readable.from([damagedAt(1)]))
    await expect(early).rejects.toThrow(LedgerFileError)
    await expect(early).rejects.toThrow(/^line 2: not JSON/)

    const late = createMemoryEventStore()
    const attempt = importLedger(late, Readable.from([damagedAt(8)]))
    await expect(attempt).rejects.toThrow(LedgerImportError)
    await expect(attempt).rejects.toThrow(/^Import stopped after \d+ events, the file is damaged at line 9: not JSON/)
    expect((await late.readAll({ limit: 100 })).length).toBeGreaterThan(0)
  })

  it('exports page after page with progress, header first and end line last', async () => {
    const store = createMemoryEventStore()
    for (let index = 0; index < 2500; index++) {
      await store.append({ events: [claim(`r-${index}`)], expectedRevision: Math.floor(index / 3) - 1, stream: resourceStream(`${index % 3}`) })
    }
    const { sink, text } = textSink()
    const progress: Array<[number, number]> = []

    const summary = await exportLedger(store, sink, {
      now: new Date('2031-05-06T07:08:09.000Z'),
      onProgress: ({ events, streams }) => progress.push([events, streams]),
    })

    const lines = text().trimEnd().split('\n')
    expect(summary).toEqual({ events: 2500, streams: 3 })
    expect(progress).toEqual([
      [1000, 3],
      [2000, 3],
      [2500, 3],
    ])
    expect(lines).toHaveLength(2502)
    expect(JSON.parse(lines[0])).toEqual({
      exportedAt: '2031-05-06T07:08:09.000Z',
      format: 'payload-reserve-ledger',
      source: 'memory',
      version: 4,
    })
    expect(JSON.parse(lines[2501])).toEqual({ end: true, events: 2500, streams: 3 })
  })

  it('refuses to export a stream with a gap (the ledger changed under it) instead of writing a file that cannot be imported', async () => {
    const store = createMemoryEventStore()
    await store.append({ events: [claim('a'), claim('b'), claim('c')], expectedRevision: -1, stream: resourceStream('r1') })
    const missingMiddle: EventStore = {
      ...store,
      async readAll(options) {
        return (await store.readAll(options)).filter((event: RecordedEvent) => event.revision !== 1)
      },
    }

    await expect(exportLedger(missingMiddle, textSink().sink)).rejects.toThrow(
      'The ledger changed during the export or is damaged (stream reserve-resource-r1 goes from revision 0 to 2)',
    )
  })
})
