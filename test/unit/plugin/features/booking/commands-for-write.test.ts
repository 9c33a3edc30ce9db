import { describe, expect, it } from 'vitest'

import type { BookingPlan } from '../../../../../src/events/types.js'

import { commandForCreate, commandsForUpdate, replanInput } from '../../../../../src/plugin/features/booking/commands-for-write.js'

const stored = {
  customer: 7,
  endTime: '2031-03-03T10:00:00.000Z',
  guest: null,
  guestCount: 1,
  id: 'r1',
  items: [],
  notes: 'Window seat',
  resource: 3,
  service: 2,
  startTime: '2031-03-03T09:00:00.000Z',
  status: 'pending',
}

const plan = { claims: [], endTime: '2031-03-03T13:00:00.000Z', startTime: '2031-03-03T12:00:00.000Z' } as unknown as BookingPlan

const update = (data: Record<string, unknown>, withPlan: BookingPlan | null = null) =>
  commandsForUpdate({ data, plan: withPlan, reservationId: 'r1', skipTransitionValidation: false, stored })

describe('commandsForUpdate', () => {
  it('given a write that repeats what is stored, in another spelling, when decided, then nothing is commanded', () => {
    expect(update({ customer: { id: 7 }, notes: 'Window seat', resource: '3', startTime: '2031-03-03T09:00:00Z', status: 'pending' })).toEqual([])
    expect(replanInput({ guestCount: 1, startTime: new Date('2031-03-03T09:00:00.000Z') }, stored)).toBeNull()
  })

  it('given new notes and a customer, when decided, then one details command carries just those', () => {
    expect(update({ customer: 8, notes: '' })).toEqual([
      { data: { changes: { customer: 8, notes: null }, reservationId: 'r1' }, type: 'UpdateReservationDetails' },
    ])
  })

  it('given details, a move and a status at once, when decided, then they apply in that order', () => {
    const types = update({ notes: 'Aisle', startTime: '2031-03-03T12:00:00.000Z', status: 'confirmed' }, plan).map((c) => c.type)
    expect(types).toEqual(['UpdateReservationDetails', 'RescheduleReservation', 'ChangeReservationStatus'])
  })

  it('given a new start, when replanned, then the end is worked out again unless the caller changed it too', () => {
    expect(replanInput({ startTime: '2031-03-03T12:00:00.000Z' }, stored)).not.toHaveProperty('endTime')
    expect(replanInput({ endTime: '2031-03-03T10:00:00.000Z', startTime: '2031-03-03T12:00:00.000Z' }, stored)).not.toHaveProperty('endTime')
    expect(replanInput({ endTime: '2031-03-03T14:00:00.000Z', startTime: '2031-03-03T12:00:00.000Z' }, stored)).toMatchObject({
      endTime: '2031-03-03T14:00:00.000Z',
      startTime: '2031-03-03T12:00:00.000Z',
    })
  })

  it('given a time that is no date, when compared, then it counts as a move, for the plan to refuse', () => {
    expect(replanInput({ startTime: 'garbage' }, stored)).toMatchObject({ startTime: 'garbage' })
  })
})

describe('commandForCreate', () => {
  it('given a guest booking without status, when decided, then it books the default status with trimmed guest data', () => {
    const command = commandForCreate({
      cancellationTokenHash: 'digest',
      data: { guest: { email: ' ada@example.test ', name: 'Ada', phone: '' }, idempotencyKey: '', notes: 'Hi' },
      defaultStatus: 'pending',
      plan,
      reservationId: 'r2',
      skipTransitionValidation: false,
    })
    expect(command).toEqual({
      data: {
        cancellationTokenHash: 'digest',
        customer: null,
        guest: { email: 'ada@example.test', name: 'Ada', phone: null },
        idempotencyKey: null,
        notes: 'Hi',
        plan,
        reservationId: 'r2',
        skipTransitionValidation: false,
        status: 'pending',
      },
      type: 'BookReservation',
    })
  })
})
