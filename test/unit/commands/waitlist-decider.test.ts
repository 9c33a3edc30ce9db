import { describe, expect, it } from 'vitest'

import type { HoldHolder, WaitlistEvent, WaitlistJoined } from '../../../src/events/types.js'

import { holdTokenDigest } from '../../../src/commands/hold-rules.js'
import { decideWaitlist, evolveWaitlist, foldWaitlist, type WaitlistCommand, type WaitlistState } from '../../../src/commands/waitlist-decider.js'
import { deciderSpec } from '../../support/decider-spec.js'

const NOW = new Date('2030-01-10T12:00:00.000Z')
const FROM = '2030-01-12T09:00:00.000Z'
const TO = '2030-01-12T12:00:00.000Z'
const metadata = { metadata: { actor: { kind: 'system' as const, name: 'test' }, at: NOW.toISOString(), correlationId: 'w1', schemaVersion: 1 } }

const spec = ({ now = NOW, privileged = false, waitingEntries = 0 } = {}) =>
  deciderSpec<WaitlistCommand, WaitlistEvent, WaitlistState>({
    decide: (command, state) => decideWaitlist(command, state, { maxEntriesPerContact: 2, now, privileged, waitingEntries }),
    evolve: (state, event) => evolveWaitlist(state, { ...event, ...metadata }),
    initialState: () => ({ kind: 'absent' }),
  })

const entryId = 'w1'
const ann: HoldHolder = { collection: 'users', id: '7', kind: 'user' }
const guestOwner: HoldHolder = { kind: 'guest', tokenHash: holdTokenDigest('the-token') }
const wish = (changes: Partial<WaitlistJoined['data']> = {}): WaitlistJoined['data'] => ({
  customer: 7,
  entryId,
  from: FROM,
  guest: null,
  guestCount: 1,
  owner: ann,
  resource: 'r1',
  service: 's1',
  to: TO,
  ...changes,
})
const join = (changes: Partial<WaitlistJoined['data']> = {}): WaitlistCommand => ({ data: wish(changes), type: 'JoinWaitlist' })
const joined = (changes: Partial<WaitlistJoined['data']> = {}): WaitlistEvent => ({ data: wish(changes), type: 'WaitlistJoined' })
const offerData = { entryId, expiresAt: '2030-01-10T12:10:00.000Z', holdId: 'h1', resource: 'r1', startTime: FROM }
const offer: WaitlistCommand = { data: offerData, type: 'OfferWaitlist' }
const offered: WaitlistEvent = { data: offerData, type: 'WaitlistOffered' }
const leave = (caller: HoldHolder): WaitlistCommand => ({ data: { caller, entryId }, type: 'LeaveWaitlist' })
const left: WaitlistEvent = { data: { entryId }, type: 'WaitlistLeft' }
const expire: WaitlistCommand = { data: { entryId }, type: 'ExpireWaitlist' }
const expired: WaitlistEvent = { data: { entryId }, type: 'WaitlistExpired' }
const atEnd = new Date(TO)

describe('waitlist decider', () => {
  it('records a wish for a range ahead with a contact, on a new stream only', () => {
    spec()().when(join()).then([joined()])
    spec()().when(join({ customer: null, guest: { email: 'g@example.test', name: 'Gia' }, owner: guestOwner })).then([
      joined({ customer: null, guest: { email: 'g@example.test', name: 'Gia' }, owner: guestOwner }),
    ])
    spec()().when(join({ customer: null, guest: { name: 'Gia', phone: '+1555' }, resource: null })).then([
      joined({ customer: null, guest: { name: 'Gia', phone: '+1555' }, resource: null }),
    ])
    spec()(joined()).when(join()).thenRejects({ kind: 'conflict' })
  })

  it('joins while the contact has fewer waiting entries than the limit, also when staff join for them', () => {
    spec({ waitingEntries: 1 })().when(join()).then([joined()])
    spec({ waitingEntries: 2 })().when(join()).thenRejects({ kind: 'limit', path: 'entryId' })
    spec({ privileged: true, waitingEntries: 2 })().when(join()).thenRejects({ kind: 'limit', path: 'entryId' })
    expect(() => decideWaitlist(join(), { kind: 'absent' }, { now: NOW, privileged: false, waitingEntries: 5 })).toThrow(/5 waitlist entries/)
  })

  it('refuses a range that is malformed, backwards, passed or too long, and entries without a contact', () => {
    spec()().when(join({ from: 'soon' })).thenRejects({ kind: 'invalid', path: 'from' })
    spec()().when(join({ to: 'later' })).thenRejects({ kind: 'invalid', path: 'to' })
    spec()().when(join({ to: FROM })).thenRejects({ kind: 'invalid', path: 'to' })
    spec()().when(join({ from: '2030-01-09T09:00:00.000Z', to: NOW.toISOString() })).thenRejects({ kind: 'invalid', path: 'to' })
    spec()().when(join({ to: '2030-05-12T12:00:00.000Z' })).thenRejects({ kind: 'invalid', path: 'to' })
    spec()().when(join({ guestCount: 0 })).thenRejects({ kind: 'invalid', path: 'guestCount' })
    spec()().when(join({ guestCount: 1.5 })).thenRejects({ kind: 'invalid', path: 'guestCount' })
    spec()().when(join({ customer: null })).thenRejects({ kind: 'invalid', path: 'guest' })
    spec()().when(join({ customer: null, guest: { name: 'Gia' } })).thenRejects({ kind: 'invalid', path: 'guest' })
    spec()().when(join({ customer: null, guest: { email: 'g@example.test', name: ' ' } })).thenRejects({ kind: 'invalid', path: 'guest' })
    spec()().when(join({ guest: { email: 'g@example.test', name: 'Gia' } })).thenRejects({ kind: 'invalid', path: 'guest' })
  })

  it('a range that has begun but not ended may still join: what is left of it can be offered', () => {
    spec()().when(join({ from: '2030-01-10T11:00:00.000Z' })).then([joined({ from: '2030-01-10T11:00:00.000Z' })])
  })

  it('offers a waiting entry once, and only before its range ends', () => {
    spec()(joined()).when(offer).then([offered])
    spec()(joined(), offered).when(offer).thenRejects({ kind: 'conflict' })
    spec()(joined(), left).when(offer).thenRejects({ kind: 'conflict' })
    spec()(joined(), expired).when(offer).thenRejects({ kind: 'conflict' })
    spec({ now: atEnd })(joined()).when(offer).thenRejects({ kind: 'conflict' })
    spec()().when(offer).thenRejects({ kind: 'not-found' })
  })

  it('lets whoever joined leave, or staff; an ended entry leaves nothing to do; an offered one is refused', () => {
    spec()(joined()).when(leave(ann)).then([left])
    spec()(joined({ owner: guestOwner })).when(leave({ kind: 'guest', tokenHash: holdTokenDigest('the-token') })).then([left])
    spec()(joined({ owner: guestOwner })).when(leave({ kind: 'guest', tokenHash: holdTokenDigest('guess') })).thenRejects({ kind: 'forbidden' })
    spec()(joined()).when(leave({ collection: 'users', id: '8', kind: 'user' })).thenRejects({ kind: 'forbidden' })
    spec({ privileged: true })(joined()).when(leave({ collection: 'users', id: '1', kind: 'user' })).then([left])
    spec()(joined(), left).when(leave(ann)).then([])
    spec()(joined(), expired).when(leave(ann)).then([])
    spec()(joined(), offered).when(leave(ann)).thenRejects({ kind: 'conflict' })
    spec()().when(leave(ann)).thenRejects({ kind: 'not-found' })
  })

  it('expires a waiting entry at the end of its range, not before, and nothing that ended', () => {
    spec()(joined()).when(expire).then([])
    spec({ now: new Date(Date.parse(TO) - 1) })(joined()).when(expire).then([])
    spec({ now: atEnd })(joined()).when(expire).then([expired])
    spec({ now: atEnd })(joined(), offered).when(expire).then([])
    spec({ now: atEnd })(joined(), left).when(expire).then([])
    spec({ now: atEnd })(joined(), expired).when(expire).then([])
  })

  it('folds to the entry with its join time and, once offered, the offer', () => {
    const events = [joined(), offered].map((event) => ({ ...event, ...metadata }))
    expect(foldWaitlist(events)).toEqual({
      entry: { ...wish(), joinedAt: NOW.toISOString() },
      kind: 'offered',
      offer: { expiresAt: offerData.expiresAt, holdId: 'h1', resource: 'r1', startTime: FROM },
    })
    expect(foldWaitlist([])).toEqual({ kind: 'absent' })
  })
})
