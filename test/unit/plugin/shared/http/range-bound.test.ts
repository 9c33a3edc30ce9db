import { describe, expect, it } from 'vitest'

import { boundEpoch, parseRangeBound } from '../../../../../src/plugin/shared/http/range-bound.js'

describe('parseRangeBound', () => {
  it('reads a calendar date as local midnight of the zone it is resolved in', () => {
    const bound = parseRangeBound('2026-03-29')
    expect(bound).toEqual({ date: '2026-03-29', kind: 'date' })
    expect(new Date(boundEpoch(bound!, 'Europe/Paris')).toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(new Date(boundEpoch(bound!, 'America/Los_Angeles')).toISOString()).toBe('2026-03-29T07:00:00.000Z')
  })

  it.each([
    ['2026-03-29T10:15:30.250Z', '2026-03-29T10:15:30.250Z'],
    ['2026-03-29T10:15Z', '2026-03-29T10:15:00.000Z'],
    ['2026-03-29t10:15:00z', '2026-03-29T10:15:00.000Z'],
    ['2026-03-29T12:15:00+02:00', '2026-03-29T10:15:00.000Z'],
    ['2026-03-29T12:15:00 02:00', '2026-03-29T10:15:00.000Z'],
    ['2026-03-29T05:15:00-05:00', '2026-03-29T10:15:00.000Z'],
    ['2026-03-29T10:15:00.123456789Z', '2026-03-29T10:15:00.123Z'],
  ])('reads the date-time %s as %s, whatever zone it is resolved in', (text, iso) => {
    const bound = parseRangeBound(text)
    expect(new Date(boundEpoch(bound!, 'Asia/Tokyo')).toISOString()).toBe(iso)
  })

  it.each([
    '2026-02-30',
    '2026-02-30T10:00:00Z',
    '2026-03-29T24:00:00Z',
    '2026-03-29T10:60:00Z',
    '2026-03-29T10:00:60Z',
    '2026-03-29T10:00:00+24:00',
    '2026-03-29T10:00:00',
    '2026-03-29 10:00:00Z',
    '29/03/2026',
    '1774778100000',
    '',
  ])('refuses %j', (text) => {
    expect(parseRangeBound(text)).toBeNull()
  })
})
