import { describe, expect, it } from 'vitest'

import type { ResourceRecord } from '../../../../src/contract/http.js'

import { mayBookAt } from '../../../../src/admin/shared/may-book.js'
import { adminSettings } from '../../../../src/plugin/shared/admin/settings.js'
import { resolveOptions } from '../../../../src/plugin/resolve-options.js'
import { ownerModeSettings } from './owner-mode-settings.js'

const ownerMode = ownerModeSettings.roleRules

const now = Date.parse('2026-12-09T12:00:00.000Z')
const later = now + 3_600_000
const earlier = now - 3_600_000
const resource = (owner: number | string): ResourceRecord => ({ id: 'r1', name: 'Lane', owner } as unknown as ResourceRecord)

const admin = { collection: 'users', id: 1, role: 'admin' }
const staff = { collection: 'users', id: 2, role: 'staff' }
const assistant = { collection: 'users', id: 3, role: 'assistant' }

describe('mayBookAt: what the booking rules would accept', () => {
  it("lets owner-mode staff book their own lane only, and admins every lane", () => {
    expect(mayBookAt(staff, ownerMode, { now, resource: resource(2), start: later })).toBe(true)
    expect(mayBookAt(staff, ownerMode, { now, resource: resource(1), start: later })).toBe(false)
    expect(mayBookAt(admin, ownerMode, { now, resource: resource(2), start: later })).toBe(true)
  })

  it('lets only privileged users book a start already past', () => {
    expect(mayBookAt(staff, ownerMode, { now, resource: resource(2), start: earlier })).toBe(true)
    expect(mayBookAt(assistant, ownerMode, { now, resource: resource(3), start: earlier })).toBe(false)
    expect(mayBookAt(assistant, ownerMode, { now, resource: resource(3), start: later })).toBe(true)
  })

  it('leaves a click without a resource to the form, which asks for one', () => {
    expect(mayBookAt(staff, ownerMode, { now, resource: null, start: later })).toBe(true)
  })

  it('without owner mode, any staff user books any lane', () => {
    const plain = adminSettings(resolveOptions({})).roleRules
    expect(mayBookAt(staff, plain, { now, resource: resource(1), start: later })).toBe(true)
  })
})
