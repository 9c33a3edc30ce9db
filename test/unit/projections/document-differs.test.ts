import { describe, expect, it } from 'vitest'

import { documentDiffers } from '../../../src/projections/document-differs.js'
import { reservationDocument } from '../../../src/projections/reservation-document.js'

const reservation = {
  cancellationTokenHash: null,
  claims: [],
  createdAt: '2030-01-01T08:00:00.000Z',
  customer: '7',
  endTime: '2030-01-02T10:00:00.000Z',
  guest: null,
  guestCount: 1,
  id: 'r-1',
  idempotencyKey: null,
  items: [{ resource: '3' }],
  notes: null,
  resource: '2',
  service: '1',
  startTime: '2030-01-02T09:00:00.000Z',
  status: 'pending',
  updatedAt: '2030-01-01T08:00:00.000Z',
}
const projected = reservationDocument(reservation, 4)

/** The document as a SQL adapter reads it back: numeric ids, an empty group as nulls, its own columns. */
const sql = () => ({
  ...projected,
  customer: 7,
  guest: { email: null, name: null, phone: null },
  items: [{ endTime: null, guestCount: null, id: 'r-1-0', resource: 3, service: null, startTime: null }],
  ledgerHooksRevision: 2,
  resource: 2,
  service: 1,
  startTime: '2030-01-02 09:00:00+00',
})

/** The same as a document store may read it back: dates as Date objects, empty values left out. */
const documentStore = () => ({
  cancellationToken: undefined,
  createdAt: new Date(projected.createdAt),
  customer: '7',
  endTime: new Date(projected.endTime),
  guestCount: 1,
  id: 'r-1',
  items: [{ id: 'r-1-0', resource: '3' }],
  ledgerRevision: 4,
  resource: '2',
  service: '1',
  startTime: new Date(projected.startTime),
  status: 'pending',
  updatedAt: new Date(projected.updatedAt),
})

describe('documentDiffers', () => {
  it('finds nothing to write in a document that says what the ledger says, however the database spells it', () => {
    expect(documentDiffers(sql(), projected)).toBe(false)
    expect(documentDiffers(documentStore(), projected)).toBe(false)
    expect(documentDiffers({ ...sql(), ledgerHooksRevision: 4 }, projected)).toBe(false)
  })

  it('finds a torn document at the right revision: another write’s item rows, times or stamp', () => {
    expect(documentDiffers({ ...sql(), items: [] }, projected)).toBe(true)
    expect(documentDiffers({ ...sql(), items: [{ ...sql().items[0], resource: 4 }] }, projected)).toBe(true)
    expect(documentDiffers({ ...sql(), items: [{ ...sql().items[0], startTime: projected.startTime }] }, projected)).toBe(true)
    expect(documentDiffers({ ...sql(), items: [sql().items[0], { ...sql().items[0], id: 'r-1-1' }] }, projected)).toBe(true)
    expect(documentDiffers({ ...sql(), endTime: '2030-01-02T11:00:00.000Z' }, projected)).toBe(true)
    expect(documentDiffers({ ...sql(), updatedAt: '2030-01-01T08:00:00.005Z' }, projected)).toBe(true)
    expect(documentDiffers({ ...sql(), guest: { email: 'x@example.test', name: null, phone: null } }, projected)).toBe(true)
  })

  it('finds a document behind its stream, or missing a field the ledger has', () => {
    expect(documentDiffers({ ...sql(), ledgerRevision: 3 }, projected)).toBe(true)
    expect(documentDiffers({ ...sql(), status: 'confirmed' }, projected)).toBe(true)
    expect(documentDiffers({ ...sql(), customer: null }, projected)).toBe(true)
    const { endTime: _, ...withoutEnd } = sql()
    expect(documentDiffers(withoutEnd, projected)).toBe(true)
  })

  it('reads only date fields as dates: a note is compared as written', () => {
    const noted = reservationDocument({ ...reservation, notes: '2030-01-02T09:00:00.000Z' }, 4)
    expect(documentDiffers({ ...sql(), notes: '2030-01-02T09:00:00.000Z' }, noted)).toBe(false)
    expect(documentDiffers({ ...sql(), notes: '2030-01-02 09:00:00+00' }, noted)).toBe(true)
  })
})
