import { describe, expect, it } from 'vitest'

import { blockedInterval } from '../../../src/availability/blocked-interval.js'
import { claimUnits } from '../../../src/availability/capacity.js'
import { computeEndTime, normaliseStart } from '../../../src/availability/end-time.js'

const iso = (epoch: number): string => new Date(epoch).toISOString()
const t = (value: string): number => Date.parse(value)
const fixed = { bufferAfterMinutes: 30, bufferBeforeMinutes: 15, durationMinutes: 50, durationType: 'fixed' as const }
const fullDay = { bufferAfterMinutes: 30, bufferBeforeMinutes: 15, durationMinutes: 1440, durationType: 'full-day' as const }

describe('computeEndTime and normaliseStart', () => {
  it('adds the duration to a fixed start and keeps the start as given', () => {
    expect(iso(computeEndTime(t('2026-03-29T00:30:00Z'), fixed, 'Europe/Paris'))).toBe('2026-03-29T01:20:00.000Z')
    expect(normaliseStart(t('2026-03-29T00:30:00Z'), fixed, 'Europe/Paris')).toBe(t('2026-03-29T00:30:00Z'))
  })

  it('runs a full-day booking from local midnight to the next, in the resource zone', () => {
    const afternoon = t('2026-11-05T23:30:00Z')
    expect(iso(normaliseStart(afternoon, fullDay, 'America/Los_Angeles'))).toBe('2026-11-05T08:00:00.000Z')
    expect(iso(computeEndTime(afternoon, fullDay, 'America/Los_Angeles'))).toBe('2026-11-06T08:00:00.000Z')
    // The same instant is already 6 November in Paris.
    expect(iso(normaliseStart(afternoon, fullDay, 'Europe/Paris'))).toBe('2026-11-05T23:00:00.000Z')
  })

  it('gives a full-day booking 23 hours on spring-forward day, not the nominal 1440 minutes', () => {
    const start = normaliseStart(t('2026-03-29T10:00:00Z'), fullDay, 'Europe/Paris')
    expect(computeEndTime(start, fullDay, 'Europe/Paris') - start).toBe(23 * 3_600_000)
  })

  it('refuses a fixed service without a usable duration', () => {
    expect(() => computeEndTime(0, { ...fixed, durationMinutes: 0 }, 'UTC')).toThrow(RangeError)
    expect(() => computeEndTime(0, { ...fixed, durationMinutes: Number.NaN }, 'UTC')).toThrow(RangeError)
  })
})

describe('blockedInterval', () => {
  it('widens a fixed booking by its buffers', () => {
    const blocked = blockedInterval({ end: t('2026-06-08T11:00:00Z'), start: t('2026-06-08T10:00:00Z'), units: 3 }, fixed, 'UTC')
    expect([iso(blocked.start), iso(blocked.end), blocked.units]).toEqual(['2026-06-08T09:45:00.000Z', '2026-06-08T11:30:00.000Z', 3])
  })

  it('blocks the whole local days of a full-day booking, ignoring buffers', () => {
    const oneDay = blockedInterval({ end: t('2026-11-06T08:00:00Z'), start: t('2026-11-05T08:00:00Z'), units: 1 }, fullDay, 'America/Los_Angeles')
    expect([iso(oneDay.start), iso(oneDay.end)]).toEqual(['2026-11-05T08:00:00.000Z', '2026-11-06T08:00:00.000Z'])
    // A booking given explicit times inside the day still takes the whole day; one running over two days takes both.
    const twoDays = blockedInterval({ end: t('2026-11-06T20:00:00Z'), start: t('2026-11-05T20:00:00Z'), units: 1 }, fullDay, 'America/Los_Angeles')
    expect([iso(twoDays.start), iso(twoDays.end)]).toEqual(['2026-11-05T08:00:00.000Z', '2026-11-07T08:00:00.000Z'])
  })

  it('fails closed on a missing buffer or an open-ended booking', () => {
    const booking = { end: 2_000_000, start: 1_000_000, units: 1 }
    expect(() => blockedInterval(booking, { ...fixed, bufferAfterMinutes: undefined as unknown as number }, 'UTC')).toThrow(RangeError)
    expect(() => blockedInterval(booking, { ...fixed, bufferBeforeMinutes: -5 }, 'UTC')).toThrow(RangeError)
    expect(() => blockedInterval({ ...booking, end: Number.NaN }, fixed, 'UTC')).toThrow(RangeError)
    expect(() => blockedInterval({ ...booking, end: booking.start }, fixed, 'UTC')).toThrow(RangeError)
  })
})

describe('claimUnits', () => {
  it('takes one unit per reservation, or one per guest on per-guest resources', () => {
    expect(claimUnits('per-reservation', 5)).toBe(1)
    expect(claimUnits('per-guest', 5)).toBe(5)
  })

  it('rejects fractional or non-positive guest counts', () => {
    expect(() => claimUnits('per-guest', 1.5)).toThrow(RangeError)
    expect(() => claimUnits('per-reservation', 0)).toThrow(RangeError)
  })
})
