import { describe, expect, it } from 'vitest'

import type { RecordedEvent, ReservationEvent } from '../../../src/events/types.js'

import { auditTrail } from '../../../src/projections/audit-trail.js'
import { plan } from '../../support/ledger-fixtures.js'

const id = 'res-1'
const stream = (...events: ReservationEvent[]): RecordedEvent<ReservationEvent>[] =>
  events.map((event, revision) => ({
    ...event,
    eventId: `e${revision}`,
    metadata: { actor: { kind: 'guest' }, at: `2030-01-0${revision + 1}T00:00:00.000Z`, correlationId: id, schemaVersion: 1 },
    position: String(revision),
    recordedAt: `2030-01-0${revision + 1}T00:00:00.000Z`,
    revision,
    stream: `reserve-reservation-${id}`,
  })) as RecordedEvent<ReservationEvent>[]

const onR1 = plan(['r1'], '2030-02-01T09:00:00.000Z')
const onR1AndR2 = plan(['r1', 'r2'], '2030-02-01T09:00:00.000Z')
const booked: ReservationEvent = {
  data: { customer: 'c1', guest: null, notes: null, ...onR1, reservationId: id, status: 'pending' },
  type: 'ReservationBooked',
}

describe('audit trail', () => {
  it('tells an item added as the items before and after, and nothing for fields that stayed', () => {
    const [, moved] = auditTrail(stream(booked, { data: { ...onR1AndR2, reservationId: id }, type: 'ReservationRescheduled' }))
    expect(moved.changes).toEqual([{ field: 'items', from: [], to: [{ resource: 'r2' }] }])
    const { claims: _claims, ...schedule } = onR1
    expect(moved.event.data).toMatchObject({ previous: schedule })
  })

  it('tells a void as the write it takes back, changed back', () => {
    const notes: ReservationEvent = { data: { changes: { notes: 'late' }, reservationId: id }, type: 'ReservationDetailsUpdated' }
    const trail = auditTrail(
      stream(booked, notes, {
        data: { reason: 'hook threw', reservationId: id, restores: { ...onR1, createdAt: '', customer: 'c1', guest: null, id, idempotencyKey: null, notes: null, status: 'pending', updatedAt: '' }, voidsFrom: 1 },
        type: 'ReservationWriteVoided',
      }),
    )
    expect(trail.map((entry) => entry.changes)).toEqual([
      [],
      [{ field: 'notes', from: null, to: 'late' }],
      [{ field: 'notes', from: 'late', to: null }],
    ])
  })

  it("tells the site's fields a change named, old → new, and a void of it as changed back", () => {
    const withFields: ReservationEvent = { ...booked, data: { ...booked.data, fields: { partySize: 4, tableCode: 'T1' } } } as ReservationEvent
    const bigger: ReservationEvent = {
      data: { changes: { fields: { partySize: 6 } }, previous: { fields: { partySize: 4 } }, reservationId: id },
      type: 'ReservationDetailsUpdated',
    }
    const restores = { ...onR1, createdAt: '', customer: 'c1', fields: { partySize: 4, tableCode: 'T1' }, guest: null, id, idempotencyKey: null, notes: null, status: 'pending', updatedAt: '' }
    const trail = auditTrail(stream(withFields, bigger, { data: { reason: 'hook threw', reservationId: id, restores, voidsFrom: 1 }, type: 'ReservationWriteVoided' }))
    expect(trail.map((entry) => entry.changes)).toEqual([[], [{ field: 'partySize', from: 4, to: 6 }], [{ field: 'partySize', from: 6, to: 4 }]])
  })
})
