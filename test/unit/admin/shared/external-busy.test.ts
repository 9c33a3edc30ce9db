import { describe, expect, it } from 'vitest'

import type { ReserveT } from '../../../../src/admin/shared/use-reserve-translation.js'

import { busyElsewhereName, externalIn } from '../../../../src/admin/shared/external-busy.js'
import { en } from '../../../../src/translations/languages/en.js'

const HOUR = 3_600_000

/** The English strings with their `{{values}}` filled in, as Payload's i18n does. */
const t: ReserveT = (key, vars = {}) =>
  en.reserveLedger[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]))

describe('externalIn', () => {
  const external = [
    { end: 12 * HOUR, label: 'Team meeting', start: 11 * HOUR },
    { end: 9 * HOUR, start: 7 * HOUR },
    { end: 20 * HOUR, start: 18 * HOUR },
  ]

  it('lists the intervals overlapping the range, whole and by start', () => {
    expect(externalIn({ external }, 8 * HOUR, 17 * HOUR)).toEqual([
      { end: 9 * HOUR, start: 7 * HOUR },
      { end: 12 * HOUR, label: 'Team meeting', start: 11 * HOUR },
    ])
  })

  it('leaves out intervals only touching the range', () => {
    expect(externalIn({ external }, 9 * HOUR, 11 * HOUR)).toEqual([])
    expect(externalIn({ external: [] }, 0, 24 * HOUR)).toEqual([])
  })
})

describe('busyElsewhereName', () => {
  it('names the time with its labels, each once, or plainly without any', () => {
    expect(busyElsewhereName(['Team meeting'], t)).toBe('Busy elsewhere: Team meeting')
    expect(busyElsewhereName(['Team meeting', undefined, 'Training', 'Team meeting'], t)).toBe(
      'Busy elsewhere: Team meeting, Training',
    )
    expect(busyElsewhereName([undefined], t)).toBe('Busy elsewhere')
    expect(busyElsewhereName([], t)).toBe('Busy elsewhere')
  })
})
