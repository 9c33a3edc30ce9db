import { describe, expect, it } from 'vitest'

import type { EventStore } from '../../../src/events/store.js'
import type { NewEvent } from '../../../src/events/types.js'

import { verifyWithReport } from '../../../src/cli/ledger.js'
import { progressBar } from '../../../src/cli/progress-bar.js'
import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { Checkpointer } from '../../../src/events/hash-chain/checkpointer.js'
import { hashChained } from '../../../src/events/hash-chain/hash-chained-store.js'
import { resourceStream } from '../../../src/events/types.js'

const claim = (start: number): NewEvent => ({
  data: { intervals: [{ end: start + 60, start, units: 1 }], reservationId: 'x1' },
  metadata: { actor: { kind: 'guest' }, at: '2031-01-01T09:00:00.000Z', correlationId: 'x1', schemaVersion: 1 },
  type: 'CapacityClaimed',
})

/** `count` streams of one event each, from `from` on. */
const fill = async (store: EventStore, from: number, count: number) => {
  for (let i = from; i < from + count; i++) {
    await store.append({ events: [claim(i)], expectedRevision: -1, stream: resourceStream(`r${i}`) })
  }
}

const checkpoint = (store: EventStore) => {
  let saved: string | undefined
  const positions = { load: () => Promise.resolve(saved), save: (position: string) => Promise.resolve(void (saved = position)) }
  return new Checkpointer(store, positions, { lookbackMs: 0 }).run()
}

const verify = async (store: EventStore, isTTY: boolean) => {
  const written: string[] = []
  const printed: string[] = []
  const intact = await verifyWithReport(store, (line) => printed.push(line), { isTTY, write: (text: string) => written.push(text) })
  return { intact, printed, written }
}

const bar = (done: number, total: number) => `verify: ${progressBar(done, total, 'streams')}`

describe('payload reserve:ledger verify', () => {
  it('draws a bar towards the streams the checkpoints list, a few lines in a log, ending at every stream walked', async () => {
    const store = hashChained(createMemoryEventStore())
    await fill(store, 0, 2400)
    expect(await checkpoint(store)).toBe(2400)
    // Begun after the checkpoint: the walk finds more streams than it expected.
    await fill(store, 2400, 600)

    const { intact, printed, written } = await verify(store, false)
    expect(intact).toBe(true)
    // The checkpoints list 2,400 streams and are one themselves; a line a page of 1,000 events
    // (a tenth each here), and the last once: the 600 found since.
    expect(written).toEqual([`${bar(1001, 2401)}\n`, `${bar(2001, 2401)}\n`, `${bar(3001, 3001)}\n`])
    expect(printed.at(-1)).toMatch(/^verify: intact, 3005 events in 3001 streams/)
  })

  it('redraws the bar in place on a terminal and ends its line once, when the walk is over', async () => {
    const store = hashChained(createMemoryEventStore())
    await fill(store, 0, 1500)
    // No checkpoint yet: the total is what was seen.
    expect((await verify(store, true)).written).toEqual([`\r${bar(1000, 1000)}`, `\r${bar(1500, 1500)}\n`])
    // A log gets the full bar once while it grows, and the end.
    expect((await verify(store, false)).written).toEqual([`${bar(1000, 1000)}\n`, `${bar(1500, 1500)}\n`])
  })
})
