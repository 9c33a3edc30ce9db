import { describe, expect, it } from 'vitest'

import type { CommandMeta } from '../../../src/commands/ledger.js'
import type { WaitlistCommand } from '../../../src/commands/waitlist-decider.js'
import type { WaitlistJoined } from '../../../src/events/types.js'

import { contactKeyOf, WaitlistLedger } from '../../../src/commands/waitlist-ledger.js'
import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { isCommandRejected } from '../../../src/events/rejection.js'
import { WAITLISTER_STREAM_PREFIX, waitlistStream } from '../../../src/events/types.js'

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
const joinAs = (entryId: string, changes: Partial<WaitlistJoined['data']> = {}): WaitlistCommand => ({ ...join, data: { ...join.data, entryId, ...changes } })
const customerMeta: CommandMeta = { actor: { collection: 'customers', id: '7', kind: 'user' }, now: NOW, privileged: false }
/** The memory store as a store that appends one stream at a time (no `appendAtomically`). */
const oneByOne = () => {
  const { appendAtomically: _atomic, ...store } = createMemoryEventStore()
  return store
}
/** The store with the first `parties` reads of waitlister streams held until all of them have read: joins decided at once. */
const readingTogether = (store: ReturnType<typeof oneByOne>, parties: number): typeof store => {
  const held: Array<() => void> = []
  return {
    ...store,
    async readStream(stream, fromRevision, limit) {
      const events = await store.readStream(stream, fromRevision, limit)
      if (stream.startsWith(WAITLISTER_STREAM_PREFIX) && held.length < parties) {
        await new Promise<void>((resolve) => {
          held.push(resolve)
          if (held.length === parties) {
            held.forEach((release) => release())
          }
        })
      }
      return events as never
    },
  }
}
const refusals = (outcomes: PromiseSettledResult<unknown>[]) =>
  outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected').map(({ reason }) => reason)

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

  describe.each([
    ['appending atomically', createMemoryEventStore],
    ['appending one stream at a time', oneByOne],
  ])('the limit of waiting entries per contact, %s', (_name, makeStore) => {
    it('of concurrent joins for one contact only as many as the limit pass; the others are refused with 429 kind limit', async () => {
      const ledger = new WaitlistLedger(readingTogether(makeStore(), 8), 3)
      const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => ledger.execute(joinAs(`w${n}`), customerMeta)))
      expect(outcomes.filter(({ status }) => status === 'fulfilled')).toHaveLength(3)
      const refused = refusals(outcomes)
      expect(refused.every((reason) => isCommandRejected(reason) && reason.kind === 'limit' && reason.path === 'entryId')).toBe(true)
    })

    it('counts only entries still waiting: after one leaves (or its range ends), the contact may join again', async () => {
      const ledger = new WaitlistLedger(makeStore(), 2)
      await ledger.execute(joinAs('a'), customerMeta)
      await ledger.execute(joinAs('b', { from: '2030-01-10T18:00:00.000Z', to: '2030-01-11T00:00:00.000Z' }), customerMeta)
      await expect(ledger.execute(joinAs('c'), customerMeta)).rejects.toMatchObject({ kind: 'limit' })
      await ledger.execute({ data: { caller: join.data.owner, entryId: 'a' }, type: 'LeaveWaitlist' }, customerMeta)
      await ledger.execute(joinAs('c'), customerMeta)
      await expect(ledger.execute(joinAs('d'), customerMeta)).rejects.toMatchObject({ kind: 'limit' })
      // b's range has ended by then: it waits no more, whether or not it was expired yet.
      await ledger.execute(joinAs('d'), { ...customerMeta, now: new Date('2030-01-11T00:00:00.000Z') })
    })

    it('counts staff joining for a customer against that customer, and guests by e-mail, else phone', async () => {
      const store = makeStore()
      const ledger = new WaitlistLedger(store, 1)
      await ledger.execute(joinAs('a'), customerMeta)
      await expect(ledger.execute(joinAs('b'), meta)).rejects.toMatchObject({ kind: 'limit' })
      await ledger.execute(joinAs('c', { customer: 8 }), meta)
      const guest = (entryId: string, contact: { email?: string; phone?: string }) =>
        joinAs(entryId, { customer: null, guest: { name: 'Gia', ...contact }, owner: { kind: 'guest' as const, tokenHash: 'x' } })
      const guestMeta: CommandMeta = { actor: { kind: 'guest' }, now: NOW, privileged: false }
      await ledger.execute(guest('g1', { email: 'Gia@Example.test', phone: '+1555' }), guestMeta)
      await expect(ledger.execute(guest('g2', { email: 'gia@example.test ' }), guestMeta)).rejects.toMatchObject({ kind: 'limit' })
      await ledger.execute(guest('g3', { phone: '+1555' }), guestMeta)
      await expect(ledger.execute(guest('g4', { phone: '+1555' }), guestMeta)).rejects.toMatchObject({ kind: 'limit' })
      expect(contactKeyOf({ customer: null, guest: { email: 'Gia@Example.test', name: 'Gia' } })).toBe('guest:gia@example.test')
      const fences = await store.readAll({ limit: 100, streamPrefix: WAITLISTER_STREAM_PREFIX })
      expect(fences.map(({ data }) => (data as unknown as { entryId: string }).entryId).sort()).toEqual(['a', 'c', 'g1', 'g3'])
    })
  })
})
