import { describe, expect, it } from 'vitest'

import type { ReservationEvent } from '../../../src/events/types.js'

import { evolveReservation, initialReservationState } from '../../../src/commands/reservation-state.js'
import type { ReservationCommand, ReservationDetailChanges } from '../../../src/commands/reservation-commands.js'
import { decideReservation } from '../../../src/commands/reservation-decider.js'
import { DEFAULT_STATUS_MACHINE } from '../../../src/plugin/options.js'
import { deciderSpec } from '../../support/decider-spec.js'
import { plan } from '../../support/ledger-fixtures.js'

const NOW = new Date('2030-01-10T12:00:00.000Z')
const policy = { cancelledStatus: 'cancelled', noticePeriodHours: 24, statusMachine: DEFAULT_STATUS_MACHINE }
const at = { at: NOW.toISOString() }

const spec = (privileged: boolean) =>
  deciderSpec<ReservationCommand, ReservationEvent, ReturnType<typeof initialReservationState>>({
    decide: (command, state) => decideReservation(command, state, policy, { now: NOW, privileged }),
    evolve: (state, event) => evolveReservation(state, event, at),
    initialState: initialReservationState,
  })
const asStaff = spec(true)
const asCustomer = spec(false)

const id = 'res-1'
const inTwoDays = plan(['r1'], '2030-01-12T09:00:00.000Z')
const inTwoHours = plan(['r1'], '2030-01-10T14:00:00.000Z')
const book = (bookingPlan = inTwoDays, status = 'pending'): ReservationCommand => ({
  data: {
    cancellationTokenHash: null,
    customer: 'c1',
    guest: null,
    idempotencyKey: null,
    notes: null,
    plan: bookingPlan,
    reservationId: id,
    status,
  },
  type: 'BookReservation',
})
const booked = (bookingPlan = inTwoDays, status = 'pending', cancellationTokenHash: null | string = null): ReservationEvent => ({
  data: {
    cancellationTokenHash,
    customer: 'c1',
    guest: null,
    idempotencyKey: null,
    notes: null,
    ...bookingPlan,
    reservationId: id,
    status,
  },
  type: 'ReservationBooked',
})
const moveTo = (to: string): ReservationCommand => ({ data: { reservationId: id, to }, type: 'ChangeReservationStatus' })
const movedTo = (from: string, to: string): ReservationEvent => ({
  data: { from, reservationId: id, to },
  type: 'ReservationStatusChanged',
})

describe('reservation decider', () => {
  it('books a new reservation in the default status', () => {
    asCustomer().when(book()).then([booked()])
  })

  it('refuses to book the same reservation twice', () => {
    asStaff(booked()).when(book()).thenRejects({ kind: 'conflict' })
  })

  it('refuses a customer booking in the past, but lets staff record one', () => {
    const yesterday = plan(['r1'], '2030-01-09T09:00:00.000Z')
    asCustomer().when(book(yesterday)).thenRejects({ kind: 'invalid', path: 'startTime' })
    asStaff().when(book(yesterday)).then([booked(yesterday)])
  })

  it('lets staff create a confirmed reservation, but not a customer (no self-confirming)', () => {
    asStaff().when(book(inTwoDays, 'confirmed')).then([booked(inTwoDays, 'confirmed')])
    asCustomer().when(book(inTwoDays, 'confirmed')).thenRejects({ kind: 'forbidden', path: 'status' })
  })

  it('refuses creating in a status the default one cannot move to', () => {
    asStaff().when(book(inTwoDays, 'completed')).thenRejects({ kind: 'invalid', path: 'status' })
  })

  it('follows the transitions of the status machine', () => {
    asStaff(booked()).when(moveTo('confirmed')).then([movedTo('pending', 'confirmed')])
    asStaff(booked()).when(moveTo('completed')).thenRejects({ kind: 'invalid', path: 'status' })
    asStaff(booked(), movedTo('pending', 'cancelled')).when(moveTo('confirmed')).thenRejects({ kind: 'invalid' })
  })

  it('does not let a customer confirm their own booking', () => {
    asCustomer(booked()).when(moveTo('confirmed')).thenRejects({ kind: 'forbidden', path: 'status' })
  })

  it('lets a customer cancel before the notice period, not within it; staff are exempt', () => {
    asCustomer(booked()).when(moveTo('cancelled')).then([movedTo('pending', 'cancelled')])
    asCustomer(booked(inTwoHours)).when(moveTo('cancelled')).thenRejects({ kind: 'invalid', path: 'status' })
    asStaff(booked(inTwoHours)).when(moveTo('cancelled')).then([movedTo('pending', 'cancelled')])
  })

  it('treats a move to the current status as no change', () => {
    asStaff(booked()).when(moveTo('pending')).then([])
  })

  it('reports an unknown reservation as not found', () => {
    asStaff().when(moveTo('cancelled')).thenRejects({ kind: 'not-found' })
  })

  it('does not reschedule a reservation in a terminal status', () => {
    asStaff(booked(), movedTo('pending', 'cancelled'))
      .when({ data: { plan: inTwoDays, reservationId: id }, type: 'RescheduleReservation' })
      .thenRejects({ kind: 'invalid' })
  })

  describe('moving', () => {
    const move = (to = inThreeDaysOnR2): ReservationCommand => ({ data: { plan: to, reservationId: id }, type: 'RescheduleReservation' })
    const inThreeDaysOnR2 = { ...plan(['r2', 'r3'], '2030-01-13T14:00:00.000Z', 90, 4) }
    const schedule = ({ claims: _claims, ...fields }: typeof inTwoDays) => fields

    it('records the new plan and, taken from the stream, the schedule before it', () => {
      asStaff(booked())
        .when(move())
        .then([{ data: { ...inThreeDaysOnR2, previous: schedule(inTwoDays), reservationId: id }, type: 'ReservationRescheduled' }])
    })

    it('lets a customer move before the notice period, not within it (on startTime); staff are exempt', () => {
      asCustomer(booked()).when(move()).then([{ data: { ...inThreeDaysOnR2, previous: schedule(inTwoDays), reservationId: id }, type: 'ReservationRescheduled' }])
      asCustomer(booked(inTwoHours)).when(move()).thenRejects({ kind: 'invalid', path: 'startTime' })
      asStaff(booked(inTwoHours)).when(move()).then([{ data: { ...inThreeDaysOnR2, previous: schedule(inTwoHours), reservationId: id }, type: 'ReservationRescheduled' }])
    })

    it('takes the old schedule from the last move, older events without one included, and folds to the new plan', () => {
      const olderMove: ReservationEvent = { data: { ...inThreeDaysOnR2, reservationId: id }, type: 'ReservationRescheduled' }
      asStaff(booked(), olderMove)
        .when(move(inTwoDays))
        .then([{ data: { ...inTwoDays, previous: schedule(inThreeDaysOnR2), reservationId: id }, type: 'ReservationRescheduled' }])
      const folded = [booked(), { data: { ...inThreeDaysOnR2, previous: schedule(inTwoDays), reservationId: id }, type: 'ReservationRescheduled' } as const]
        .reduce((state, event) => evolveReservation(state, event, at), initialReservationState())
      expect(folded).toMatchObject({ kind: 'active', reservation: { ...inThreeDaysOnR2 } })
      expect(folded.kind === 'active' && 'previous' in folded.reservation).toBe(false)
    })
  })

  describe('changing details', () => {
    const update = (changes: ReservationDetailChanges): ReservationCommand => ({
      data: { changes, reservationId: id },
      type: 'UpdateReservationDetails',
    })
    const updated = (changes: ReservationDetailChanges, previous: ReservationDetailChanges): ReservationEvent => ({
      data: { changes, previous, reservationId: id },
      type: 'ReservationDetailsUpdated',
    })

    it('records only the details that changed, each with its old value', () => {
      asStaff(booked())
        .when(update({ customer: 'c1', notes: 'window seat' }))
        .then([updated({ notes: 'window seat' }, { notes: null })])
    })

    it('takes the old values from the stream, not from the command', () => {
      const guest = { email: 'ada@example.test', name: 'Ada', phone: null }
      asStaff(booked(), updated({ notes: 'window seat' }, { notes: null }))
        .when(update({ customer: null, guest, notes: 'aisle' }))
        .then([updated({ customer: null, guest, notes: 'aisle' }, { customer: 'c1', guest: null, notes: 'window seat' })])
      asStaff(booked(), updated({ customer: null, guest }, { customer: 'c1', guest: null }))
        .when(update({ customer: 'c2', guest: { ...guest, name: 'Ada L.' } }))
        .then([updated({ customer: 'c2', guest: { ...guest, name: 'Ada L.' } }, { customer: null, guest })])
    })

    it('changes nothing when every value is the one the stream has', () => {
      asStaff(booked(), updated({ notes: 'window seat' }, { notes: null })).when(update({ customer: 'c1', notes: 'window seat' })).then([])
    })

    it('folds a details event of an older version, without old values, as before', () => {
      const older: ReservationEvent = { data: { changes: { notes: 'window seat' }, reservationId: id }, type: 'ReservationDetailsUpdated' }
      asStaff(booked(), older).when(update({ notes: 'aisle' })).then([updated({ notes: 'aisle' }, { notes: 'window seat' })])
    })

    it("records only the site's fields that changed, each with its old value (null where a booking of an older version had none)", () => {
      const withFields: ReservationEvent = { ...booked(), data: { ...booked().data, fields: { occasion: 'birthday', partySize: 4 } } } as ReservationEvent
      asStaff(withFields)
        .when(update({ fields: { occasion: 'birthday', partySize: 6 } }))
        .then([updated({ fields: { partySize: 6 } }, { fields: { partySize: 4 } })])
      asStaff(booked())
        .when(update({ fields: { partySize: 6 } }))
        .then([updated({ fields: { partySize: 6 } }, { fields: { partySize: null } })])
    })

    it("keeps the site's fields a change does not name, and changes nothing when each named one has its value", () => {
      const withFields: ReservationEvent = { ...booked(), data: { ...booked().data, fields: { occasion: 'birthday', partySize: 4 } } } as ReservationEvent
      asStaff(withFields, updated({ fields: { partySize: 6 } }, { fields: { partySize: 4 } }))
        .when(update({ fields: { occasion: 'birthday', partySize: 6 } }))
        .then([])
    })
  })

  describe('voiding a failed write', () => {
    const guestBooked = booked(inTwoDays, 'pending', 'digest-1')
    const notesAdded: ReservationEvent = {
      data: { changes: { notes: 'late' }, reservationId: id },
      type: 'ReservationDetailsUpdated',
    }
    const snapshot = () => {
      const state = evolveReservation(initialReservationState(), guestBooked, at)
      if (state.kind !== 'active') {
        throw new Error('expected an active reservation')
      }
      return state.reservation
    }
    const voidWrite: ReservationCommand = {
      data: { reason: 'hook threw', reservationId: id, restores: snapshot(), voidsFrom: 1 },
      type: 'VoidReservationWrite',
    }
    const { cancellationTokenHash: _digest, ...restored } = snapshot()

    it('restores the reservation without spelling out the guest token’s digest', () => {
      asStaff(guestBooked, notesAdded)
        .when(voidWrite)
        .then([{ data: { reason: 'hook threw', reservationId: id, restores: restored, voidsFrom: 1 }, type: 'ReservationWriteVoided' }])
    })

    it('keeps the digest the stream was booked with, and reads one an older void still carries', () => {
      const voided: ReservationEvent = {
        data: { reason: 'hook threw', reservationId: id, restores: restored, voidsFrom: 1 },
        type: 'ReservationWriteVoided',
      }
      const fold = (...events: ReservationEvent[]) =>
        events.reduce((state, event) => evolveReservation(state, event, at), initialReservationState())
      expect(fold(guestBooked, notesAdded, voided)).toEqual({ kind: 'active', reservation: snapshot() })
      const older = { ...voided, data: { ...voided.data, restores: { ...restored, cancellationTokenHash: 'digest-1' } } }
      expect(fold(guestBooked, notesAdded, older)).toEqual({ kind: 'active', reservation: snapshot() })
      expect(fold(guestBooked, { ...voided, data: { ...voided.data, restores: null, voidsFrom: 0 } })).toEqual({
        kind: 'abandoned',
      })
    })
  })

  it('abandons only a reservation that never got booked', () => {
    asStaff().when({ data: { reservationId: id }, type: 'AbandonReservation' }).then([
      { data: { reservationId: id }, type: 'ReservationAbandoned' },
    ])
    asStaff(booked()).when({ data: { reservationId: id }, type: 'AbandonReservation' }).then([])
  })

  describe('adopting a reservation from before the ledger', () => {
    const lastYear = plan(['r1'], '2029-03-01T09:00:00.000Z')
    const data = {
      ...lastYear,
      cancellationTokenHash: null,
      collection: 'reservations',
      createdAt: '2029-02-01T08:00:00.000Z',
      customer: 'c1',
      guest: null,
      idempotencyKey: null,
      notes: 'Cancellation reason: ill',
      reservationId: id,
      status: 'cancelled',
      updatedAt: '2029-02-20T17:30:00.000Z',
    }
    const adopt: ReservationCommand = { data, type: 'AdoptReservation' }
    const adopted: ReservationEvent = { data, type: 'ReservationAdopted' }

    it('adopts it as it was, in any status and at any time, with its own time stamps', () => {
      // A terminal status in the past: neither the machine's entry rule nor the booking window applies.
      asCustomer().when(adopt).then([adopted])
      const state = evolveReservation(initialReservationState(), adopted, at)
      expect(state).toEqual({
        kind: 'active',
        reservation: expect.objectContaining({
          createdAt: '2029-02-01T08:00:00.000Z',
          id,
          notes: 'Cancellation reason: ill',
          startTime: lastYear.startTime,
          status: 'cancelled',
          updatedAt: '2029-02-20T17:30:00.000Z',
        }),
      })
    })

    it('adopts a reservation once, and none the ledger already has', () => {
      asStaff(adopted).when(adopt).thenRejects({ kind: 'conflict', path: 'id' })
      asStaff(booked()).when(adopt).thenRejects({ kind: 'conflict', path: 'id' })
    })

    it('refuses a status the machine does not know', () => {
      asStaff().when({ data: { ...data, status: 'archived' }, type: 'AdoptReservation' }).thenRejects({ kind: 'invalid', path: 'status' })
    })

    it('is changed afterwards like any booking', () => {
      const pending = { data: { ...data, status: 'pending' }, type: 'ReservationAdopted' } as const
      asStaff(pending).when(moveTo('confirmed')).then([movedTo('pending', 'confirmed')])
    })
  })
})
