import { describe, expect, it } from 'vitest'

import { documentDiffers } from '../../../src/projections/document-differs.js'
import { reservationDocument } from '../../../src/projections/reservation-document.js'

const reservation = {
  cancellationTokenHash: null,
  claims: [],
  createdAt: '2030-01-01T08:00:00.000Z',
  customer: 7,
  endTime: '2030-01-02T10:00:00.000Z',
  guest: null,
  guestCount: 1,
  id: 'r-1',
  idempotencyKey: null,
  items: [{ resource: 3 }],
  notes: null,
  resource: 2,
  service: 1,
  startTime: '2030-01-02T09:00:00.000Z',
  status: 'pending',
  updatedAt: '2030-01-01T08:00:00.000Z',
}
const projected = reservationDocument(reservation, 4)

/** The document as a SQL adapter reads it back: ids as stored, empty groups as nulls, extra columns. */
const stored = () => ({
  ...projected,
  guest: { email: null, name: null, phone: null },
  items: [{ endTime: null, guestCount: null, id: 'r-1-0', resource: 3, service: null, startTime: null }],
  ledgerHooksRevision: 2,
  startTime: '2030-01-02 09:00:00+00',
})

describe('documentDiffers', () => {
  it('finds nothing to write in a document that says what the ledger says, however the database spells it', () => {
    expect(documentDiffers(stored(), projected)).toBe(false)
  })

  it('finds a torn document at the right revision: another write’s item rows, times or stamp', () => {
    expect(documentDiffers({ ...stored(), items: [] }, projected)).toBe(true)
    expect(documentDiffers({ ...stored(), items: [{ ...stored().items[0], resource: 4 }] }, projected)).toBe(true)
    expect(documentDiffers({ ...stored(), endTime: '2030-01-02T11:00:00.000Z' }, projected)).toBe(true)
    expect(documentDiffers({ ...stored(), updatedAt: '2030-01-01T08:00:00.005Z' }, projected)).toBe(true)
    expect(documentDiffers({ ...stored(), guest: { email: 'x@example.test', name: null, phone: null } }, projected)).toBe(true)
  })
})
