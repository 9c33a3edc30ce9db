import { describe, expect, it } from 'vitest'

import type { ReservationEvent } from '../../../src/events/types.js'

import { DEFAULT_STATUS_MACHINE } from '../../../src/commands/status-machine.js'
import {
  evolveReservation,
  heldClaims,
  initialReservationState,
  type ReservationState,
} from '../../../src/commands/reservation-state.js'
import { plan } from '../../support/ledger-fixtures.js'

const id = 'res-1'
const nine = plan(['r1'], '2030-01-12T09:00:00.000Z')
const ten = plan(['r1'], '2030-01-12T10:00:00.000Z')
const booked: ReservationEvent = {
  data: {
    cancellationTokenHash: 'digest-1',
    customer: 'c1',
    guest: null,
    idempotencyKey: null,
    notes: null,
    ...nine,
    reservationId: id,
    status: 'pending',
  },
  type: 'ReservationBooked',
}
const fold = (...events: [ReservationEvent, string][]): ReservationState =>
  events.reduce((state, [event, at]) => evolveReservation(state, event, { at }), initialReservationState())
const reservationOf = (state: ReservationState) => (state.kind === 'active' ? state.reservation : null)

describe('reservation state', () => {
  it('a booking is active from its decision time, and later events move only updatedAt', () => {
    const state = fold(
      [booked, '2030-01-01T00:00:00.000Z'],
      [{ data: { ...ten, reservationId: id }, type: 'ReservationRescheduled' }, '2030-01-02T00:00:00.000Z'],
    )
    expect(reservationOf(state)).toMatchObject({
      createdAt: '2030-01-01T00:00:00.000Z',
      startTime: ten.startTime,
      updatedAt: '2030-01-02T00:00:00.000Z',
    })
  })

  it('a deleted reservation keeps its last snapshot but is no longer active', () => {
    const state = fold([booked, 'a'], [{ data: { reservationId: id }, type: 'ReservationDeleted' }, 'b'])
    expect(state).toMatchObject({ kind: 'deleted', reservation: { id, status: 'pending' } })
  })

  it('changes after a delete leave it deleted', () => {
    const state = fold(
      [booked, 'a'],
      [{ data: { reservationId: id }, type: 'ReservationDeleted' }, 'b'],
      [{ data: { from: 'pending', reservationId: id, to: 'confirmed' }, type: 'ReservationStatusChanged' }, 'c'],
    )
    expect(state.kind).toBe('deleted')
  })

  it('a voided write restores the snapshot and keeps the token digest the stream was booked with', () => {
    const { cancellationTokenHash: _digest, ...restores } = reservationOf(fold([booked, 'a']))!
    const state = fold(
      [booked, 'a'],
      [{ data: { from: 'pending', reservationId: id, to: 'confirmed' }, type: 'ReservationStatusChanged' }, 'b'],
      [{ data: { reason: 'host hook failed', reservationId: id, restores, voidsFrom: 1 }, type: 'ReservationWriteVoided' }, 'c'],
    )
    expect(reservationOf(state)).toMatchObject({ cancellationTokenHash: 'digest-1', status: 'pending' })
  })

  it("a multi-tenant booking keeps its tenant through a voided write, also one whose snapshot has none", () => {
    const tenanted: ReservationEvent = { ...booked, data: { ...(booked.data as object), tenant: 7 } } as ReservationEvent
    const { cancellationTokenHash: _digest, tenant: _tenant, ...restores } = reservationOf(fold([tenanted, 'a']))!
    const state = fold(
      [tenanted, 'a'],
      [{ data: { from: 'pending', reservationId: id, to: 'confirmed' }, type: 'ReservationStatusChanged' }, 'b'],
      [{ data: { reason: 'host hook failed', reservationId: id, restores, voidsFrom: 1 }, type: 'ReservationWriteVoided' }, 'c'],
    )
    expect(reservationOf(state)).toMatchObject({ status: 'pending', tenant: 7 })
    expect(reservationOf(fold([booked, 'a']))).not.toHaveProperty('tenant')
  })

  it('a voided booking is abandoned: never booked', () => {
    const state = fold(
      [booked, 'a'],
      [{ data: { reason: 'host hook failed', reservationId: id, restores: null, voidsFrom: 0 }, type: 'ReservationWriteVoided' }, 'b'],
    )
    expect(state).toEqual({ kind: 'abandoned' })
  })

  it('holds capacity only while its status blocks', () => {
    const pending = fold([booked, 'a'])
    const cancelled = fold(
      [booked, 'a'],
      [{ data: { from: 'pending', reservationId: id, to: 'cancelled' }, type: 'ReservationStatusChanged' }, 'b'],
    )
    expect(heldClaims(pending, DEFAULT_STATUS_MACHINE)).toEqual(nine.claims)
    expect(heldClaims(cancelled, DEFAULT_STATUS_MACHINE)).toEqual([])
    expect(heldClaims(initialReservationState(), DEFAULT_STATUS_MACHINE)).toEqual([])
  })
})
