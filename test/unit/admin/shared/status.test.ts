import { describe, expect, it } from 'vitest'

import { nextStatuses } from '../../../../src/admin/shared/status.js'
import { adminSettings } from '../../../../src/plugin/shared/admin/settings.js'
import { resolveOptions } from '../../../../src/plugin/resolve-options.js'

const settings = adminSettings(resolveOptions({}))
const now = Date.parse('2026-12-09T12:00:00.000Z')

describe('nextStatuses', () => {
  it("offers a confirmed booking days ahead no outcome, only cancelling", () => {
    const startTime = new Date(now + 3 * 86_400_000).toISOString()
    expect(nextStatuses('confirmed', settings, { now, startTime })).toEqual(['cancelled'])
  })

  it('offers the outcomes once the booking has begun', () => {
    const startTime = new Date(now - 60_000).toISOString()
    expect(nextStatuses('confirmed', settings, { now, startTime })).toEqual(['completed', 'cancelled', 'no-show'])
  })

  it('without a start, lists every move the machine allows', () => {
    expect(nextStatuses('confirmed', settings)).toEqual(['completed', 'cancelled', 'no-show'])
    expect(nextStatuses('pending', settings, { now, startTime: new Date(now + 86_400_000).toISOString() })).toEqual([
      'confirmed',
      'cancelled',
    ])
  })
})
