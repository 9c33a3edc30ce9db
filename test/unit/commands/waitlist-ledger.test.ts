import { describe, expect, it } from 'vitest'

import type { CommandMeta } from '../../../src/commands/ledger.js'

import { WaitlistLedger } from '../../../src/commands/waitlist-ledger.js'
import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { waitlistStream } from '../../../src/events/types.js'

const NOW = new Date('2030-01-10T12:00:00.000Z')
const meta: CommandMeta = { actor: { kind: 'system', name: 'test' }, now: NOW, privileged: true, reason: 'test' }
const join = {
  data: {
    customer: 7,
    entryId: 'w1',
    from: '2030-01-12T09:00:00.000Z',
    guest: null,
    guestCount: 1,
    owner: { collection: 'users', id: '7', kind: 'user' as const },
    resource: null,
    service: 's1',
    to: '2030-01-12T12:00:00.000Z',
  },
  type: 'JoinWaitlist' as const,
}
const offer = (holdId: string) => ({
  data: { entryId: 'w1', expiresAt: '2030-01-10T12:10:00.000Z', holdId, resource: 'r1', startTime: '2030-01-12T09:00:00.000Z' },
  type: 'OfferWaitlist' as const,
})

describe('waitlist command handler', () => {
  it('appends at the revision it read, with the metadata of the command', async () => {
    const store = createMemoryEventStore()
    const ledger = new WaitlistLedger(store)
    await ledger.execute(join, meta)
    const [event] = await store.readStream(waitlistStream('w1'))
    expect(event).toMatchObject({ metadata: { actor: meta.actor, at: NOW.toISOString(), correlationId: 'w1', reason: 'test' }, revision: 0, type: 'WaitlistJoined' })
    expect((await ledger.load('w1')).state).toMatchObject({ entry: { joinedAt: NOW.toISOString() }, kind: 'waiting' })
  })

  it('of concurrent offers of one entry exactly one is appended; the others are refused when decided again', async () => {
    const store = createMemoryEventStore()
    const ledger = new WaitlistLedger(store)
    await ledger.execute(join, meta)
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => ledger.execute(offer(`h${n}`), meta)))
    expect(outcomes.filter(({ status }) => status === 'fulfilled')).toHaveLength(1)
    expect(outcomes.filter(({ status }) => status === 'rejected').map((outcome) => (outcome as PromiseRejectedResult).reason.kind)).toEqual(Array(7).fill('conflict'))
    expect((await store.readStream(waitlistStream('w1'))).map(({ type }) => type)).toEqual(['WaitlistJoined', 'WaitlistOffered'])
  })
})
