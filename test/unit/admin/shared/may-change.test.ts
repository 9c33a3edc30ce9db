import { describe, expect, it } from 'vitest'

import type { ReservationRecord } from '../../../../src/contract/http.js'

import { mayMove, mayResize } from '../../../../src/admin/shared/may-change.js'
import { adminSettings } from '../../../../src/plugin/shared/admin/settings.js'
import { resolveOptions } from '../../../../src/plugin/resolve-options.js'
import { ownerModeSettings as ownerMode } from './owner-mode-settings.js'

const plain = adminSettings(resolveOptions({ roles: { privileged: ['admin'] } }))

/** A booking of a resource owned by user `owner`, populated as the calendar loads it. */
const booking = (owner: number, status = 'confirmed'): ReservationRecord =>
  ({
    endTime: '2026-12-09T11:00:00.000Z',
    id: 'b1',
    resource: { id: 'r1', name: 'Lane', owner },
    startTime: '2026-12-09T10:00:00.000Z',
    status,
  }) as unknown as ReservationRecord

const admin = { collection: 'users', id: 1, role: 'admin' }
const staff = { collection: 'users', id: 2, role: 'staff' }
const assistant = { collection: 'users', id: 3, role: 'assistant' }

describe('mayMove and mayResize: what the reservations access and the booking plan would accept', () => {
  it('offers nothing on a booking in a terminal status, whoever asks', () => {
    expect(mayMove(admin, ownerMode, booking(1, 'cancelled'))).toBe(false)
    expect(mayMove(admin, ownerMode, booking(1, 'completed'))).toBe(false)
    expect(mayMove(admin, ownerMode, booking(1, 'confirmed'))).toBe(true)
  })

  it("in owner mode, lets staff change their own resource's bookings only, and admins every booking", () => {
    expect(mayMove(staff, ownerMode, booking(2))).toBe(true)
    expect(mayMove(staff, ownerMode, booking(1))).toBe(false)
    expect(mayMove(admin, ownerMode, booking(2))).toBe(true)
  })

  it('lets only privileged users set an end of their own', () => {
    expect(mayResize(staff, ownerMode, booking(2))).toBe(true)
    expect(mayMove(assistant, ownerMode, booking(3))).toBe(true)
    expect(mayResize(assistant, ownerMode, booking(3))).toBe(false)
    expect(mayResize(staff, ownerMode, booking(1))).toBe(false)
  })

  it('without owner mode, only privileged users update reservations at all', () => {
    expect(mayMove(admin, plain, booking(2))).toBe(true)
    expect(mayMove(staff, plain, booking(2))).toBe(false)
  })
})
