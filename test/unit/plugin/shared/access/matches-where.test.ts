import type { Where } from 'payload'

import { describe, expect, it } from 'vitest'

import { matchesWhere } from '../../../../../src/plugin/shared/access/matches-where.js'

const doc = { customer: 7, id: 'abc', items: [{ resource: 'r2' }, { resource: 'r3' }], resource: 1, tenant: null }

describe('matchesWhere: an access constraint on a document in memory', () => {
  it.each<[Where, boolean]>([
    [{ resource: { equals: '1' } }, true],
    [{ resource: { equals: 2 } }, false],
    [{ resource: { in: [3, 1] } }, true],
    [{ 'items.resource': { in: ['r3'] } }, true],
    [{ 'items.resource': { equals: 'r9' } }, false],
    [{ or: [{ resource: { in: [5] } }, { 'items.resource': { in: ['r2'] } }] }, true],
    [{ or: [{ resource: { in: [5] } }, { 'items.resource': { in: ['r9'] } }] }, false],
    [{ and: [{ resource: { equals: 1 } }, { customer: { equals: 8 } }] }, false],
    [{ customer: { equals: 7 }, resource: { equals: 1 } }, true],
    [{ tenant: { exists: false } }, true],
    [{ tenant: { in: [1] } }, false],
    // What owner mode answers staff who own nothing: matches no document.
    [{ id: { exists: false } }, false],
  ])('%j → %s', (where, expected) => {
    expect(matchesWhere(where, doc)).toBe(expected)
  })

  it('cannot say for operators it does not decide, unless the rest decides', () => {
    expect(matchesWhere({ resource: { greater_than: 0 } }, doc)).toBeUndefined()
    expect(matchesWhere({ or: [{ resource: { like: 'x' } }, { resource: { equals: 1 } }] }, doc)).toBe(true)
    expect(matchesWhere({ and: [{ resource: { like: 'x' } }, { resource: { equals: 2 } }] }, doc)).toBe(false)
    expect(matchesWhere({ and: [{ resource: { like: 'x' } }, { resource: { equals: 1 } }] }, doc)).toBeUndefined()
  })
})
