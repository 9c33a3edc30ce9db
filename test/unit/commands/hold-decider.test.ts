import { describe, expect, it } from 'vitest'

import type { HoldHolder, ReservationEvent } from '../../../src/events/types.js'
import type { ReservationCommand } from '../../../src/commands/reservation-commands.js'

import { holdTokenDigest } from '../../../src/commands/hold-rules.js'
import { decideReservation } from '../../../src/commands/reservation-decider.js'
import { evolveReservation, heldClaims, initialReservationState } from '../../../src/commands/reservation-state.js'
import { DEFAULT_STATUS_MACHINE } from '../../../src/plugin/options.js'
import { deciderSpec } from '../../support/decider-spec.js'
import { plan } from '../../support/ledger-fixtures.js'

const NOW = new Date('2030-01-10T12:00:00.000Z')
const EXPIRES = '2030-01-10T12:10:00.000Z'
const policy = { cancelledStatus: 'cancelled', maxHoldsPerCaller: 2, noticePeriodHours: 24, statusMachine: DEFAULT_STATUS_MACHINE }
const at = { at: NOW.toISOString() }

const spec = ({ liveHolds = 0, now = NOW, privileged = false } = {}) =>
  deciderSpec<ReservationCommand, ReservationEvent, ReturnType<typeof initialReservationState>>({
    decide: (command, state) => decideReservation(command, state, policy, { liveHolds, now, privileged }),
    evolve: (state, event) => evolveReservation(state, event, at),
    initialState: initialReservationState,
  })

const id = 'hold-1'
const held = plan(['r1'], '2030-01-12T09:00:00.000Z')
const ann: HoldHolder = { collection: 'users', id: '7', kind: 'user' }
const guest: HoldHolder = { kind: 'guest', tokenHash: holdTokenDigest('the-token') }

const place = (holder: HoldHolder = ann, expiresAt = EXPIRES): ReservationCommand => ({
  data: { customer: null, expiresAt, guest: null, holder, holderKey: 'user:users:7', plan: held, reservationId: id },
  type: 'PlaceHold',
})
const placed = (holder: HoldHolder = ann): ReservationEvent => ({
  data: { customer: null, expiresAt: EXPIRES, guest: null, holder, ...held, reservationId: id },
  type: 'ReservationHeld',
})
const bookHold = (withHold: HoldHolder, bookingPlan = held): ReservationCommand => ({
  data: { cancellationTokenHash: null, customer: null, guest: null, idempotencyKey: null, notes: null, plan: bookingPlan, reservationId: id, status: 'pending', withHold },
  type: 'BookReservation',
})
const expire: ReservationCommand = { data: { reservationId: id }, type: 'ExpireHold' }
const release = (caller: HoldHolder): ReservationCommand => ({ data: { caller, reservationId: id }, type: 'ReleaseHold' })
const expired: ReservationEvent = { data: { reservationId: id }, type: 'HoldExpired' }
const released: ReservationEvent = { data: { reservationId: id }, type: 'HoldReleased' }
const after = new Date(Date.parse(EXPIRES))

describe('hold decider', () => {
  it('places a hold on a new stream, within the limit of live holds; staff have none', () => {
    spec()().when(place()).then([placed()])
    spec({ liveHolds: 2 })().when(place()).thenRejects({ kind: 'limit', path: 'holdId' })
    spec({ liveHolds: 2, privileged: true })().when(place()).then([placed()])
    spec()().when(place(ann, NOW.toISOString())).thenRejects({ kind: 'invalid', path: 'expiresAt' })
    spec()(placed()).when(place()).thenRejects({ kind: 'conflict' })
  })

  it('a hold holds its claims until it ends', () => {
    const state = evolveReservation(initialReservationState(), placed(), at)
    expect(heldClaims(state, DEFAULT_STATUS_MACHINE)).toEqual(held.claims)
    expect(heldClaims(evolveReservation(state, expired, at), DEFAULT_STATUS_MACHINE)).toEqual([])
  })

  it('books a hold for its holder before it expires, for the held schedule only', () => {
    const bookedEvent: ReservationEvent = {
      data: { cancellationTokenHash: null, customer: null, guest: null, idempotencyKey: null, notes: null, ...held, reservationId: id, status: 'pending' },
      type: 'ReservationBooked',
    }
    spec()(placed()).when(bookHold(ann)).then([bookedEvent])
    spec()(placed(guest)).when(bookHold({ kind: 'guest', tokenHash: holdTokenDigest('the-token') })).then([bookedEvent])
    spec()(placed(guest)).when(bookHold({ kind: 'guest', tokenHash: holdTokenDigest('another') })).thenRejects({ kind: 'forbidden', path: 'holdId' })
    spec()(placed()).when(bookHold({ collection: 'users', id: '8', kind: 'user' })).thenRejects({ kind: 'forbidden', path: 'holdId' })
    spec({ now: after })(placed()).when(bookHold(ann)).thenRejects({ kind: 'conflict', path: 'holdId' })
    spec()(placed()).when(bookHold(ann, plan(['r1'], '2030-01-12T10:00:00.000Z'))).thenRejects({ kind: 'invalid', path: 'startTime' })
    spec()(placed(), expired).when(bookHold(ann)).thenRejects({ kind: 'conflict', path: 'holdId' })
    spec()().when(bookHold(ann)).thenRejects({ kind: 'not-found', path: 'holdId' })
  })

  it('expires a hold only once due, and only while it is held', () => {
    spec()(placed()).when(expire).then([])
    spec({ now: after })(placed()).when(expire).then([expired])
    spec({ now: after })(placed(), released).when(expire).then([])
    spec({ now: after })().when(expire).then([])
  })

  it('releases a hold for its holder or privileged staff', () => {
    spec()(placed()).when(release(ann)).then([released])
    spec()(placed()).when(release(guest)).thenRejects({ kind: 'forbidden' })
    spec({ privileged: true })(placed()).when(release(guest)).then([released])
    spec()(placed(), released).when(release(ann)).thenRejects({ kind: 'conflict', path: 'holdId' })
  })
})
