import { ValidationError } from 'payload'
import { describe, expect, it } from 'vitest'

import { checkBookingShape } from '../../../../../src/plugin/features/booking/booking-shape.js'

const pathOf = (data: Record<string, unknown>): string | undefined => {
  try {
    checkBookingShape(data, 'reservations')
    return undefined
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    return (error as ValidationError).data.errors[0].path
  }
}

describe('checkBookingShape', () => {
  it('passes well-shaped data through unchanged', () => {
    const data = {
      guest: { email: 'a@b.test', name: 'A', phone: null },
      idempotencyKey: 'k',
      items: [{ resource: 1 }],
      notes: 'n',
      service: 1,
      status: 'pending',
    }
    expect(checkBookingShape(data, 'reservations')).toEqual(data)
  })

  it('reads null as not given', () => {
    expect(checkBookingShape({ guest: null, items: null, notes: null, service: 1 }, 'reservations')).toEqual({ service: 1 })
  })

  it.each([
    [{ guest: 'Ann' }, 'guest'],
    [{ guest: [] }, 'guest'],
    [{ guest: { name: 1 } }, 'guest'],
    [{ items: 'room' }, 'items'],
    [{ items: [1] }, 'items'],
    [{ items: [null] }, 'items'],
    [{ idempotencyKey: {} }, 'idempotencyKey'],
    [{ notes: 5 }, 'notes'],
    [{ status: true }, 'status'],
  ])('refuses %j naming %s', (data, path) => {
    expect(pathOf(data)).toBe(path)
  })
})
