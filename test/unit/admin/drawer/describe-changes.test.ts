import { describe, expect, it } from 'vitest'

import type { HistoryChange } from '../../../../src/contract/http.js'
import type { Formatters } from '../../../../src/admin/shared/use-formatters.js'
import type { ReserveT } from '../../../../src/admin/shared/use-reserve-translation.js'

import { describeChanges } from '../../../../src/admin/drawer/describe-changes.js'
import { TRANSLATION_NAMESPACE, translations } from '../../../../src/translations/index.js'

const LANGUAGES = Object.keys(translations)

/** The admin's `t` for one language: its strings with `{{name}}` filled in. */
const tIn = (language: string): ReserveT => {
  const strings = (translations as Record<string, Record<string, Record<string, string>>>)[language][TRANSLATION_NAMESPACE]
  return (key, vars = {}) => strings[key].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name]))
}

// Times as their UTC clock, so each sentence can be checked for the very times it names.
const format = { weekdayTime: (iso: number | string) => new Date(iso).toISOString().slice(11, 16) } as Formatters
const NAMES: Record<string, string> = { c1: 'Lukas Fischer', c2: 'Mia Schneider', r1: 'Anna Weber', r2: 'Jonas Keller' }
const names = { customer: (id: number | string) => NAMES[id], resource: (id: number | string) => NAMES[id], service: String }

const MOVE: HistoryChange[] = [
  { field: 'startTime', from: '2030-06-04T10:00:00.000Z', to: '2030-06-04T11:15:00.000Z' },
  { field: 'endTime', from: '2030-06-04T10:30:00.000Z', to: '2030-06-04T11:45:00.000Z' },
]
const DETAILS: HistoryChange[] = [
  { field: 'customer', from: 'c1', to: 'c2' },
  { field: 'notes', from: 'Allergic to latex', to: 'Allergic to latex and nickel' },
]

// Issue 13, defect 10: "Moved to …" did not say from when, "Details changed" not what changed.
describe('the history says what a change changed, in every language', () => {
  it('in English: the move from when to when, the customer from whom to whom, and that the notes changed', () => {
    const t = tIn('en')
    expect(describeChanges(MOVE, names, format, t)).toEqual(['Moved from 10:00 to 11:15'])
    expect(describeChanges([...MOVE, { field: 'resource', from: 'r1', to: 'r2' }], names, format, t)).toEqual([
      'Moved from 10:00 to 11:15 (Anna Weber → Jonas Keller)',
    ])
    expect(describeChanges(DETAILS, names, format, t)).toEqual(['Customer: Lukas Fischer → Mia Schneider', 'Notes changed'])
  })

  it.each(LANGUAGES.filter((language) => language !== 'en'))('in %s: both times and both names, in its own words', (language) => {
    const [moved] = describeChanges(MOVE, names, format, tIn(language))
    expect(moved).toContain('10:00')
    expect(moved).toContain('11:15')
    const [customer, notes] = describeChanges(DETAILS, names, format, tIn(language))
    expect(customer).toContain('Lukas Fischer')
    expect(customer).toContain('Mia Schneider')
    for (const [line, english] of [
      [moved, 'Moved from 10:00 to 11:15'],
      [customer, 'Customer: Lukas Fischer → Mia Schneider'],
      [notes, 'Notes changed'],
    ]) {
      expect(line, 'not left in English').not.toBe(english)
    }
  })

  it.each(LANGUAGES)("in %s: a field the site added by its name, a plain value old → new, anything else as changed", (language) => {
    const t = tIn(language)
    const [size, menu] = describeChanges(
      [
        { field: 'partySize', from: 4, to: 6 },
        { field: 'courses', from: [], to: [{ dish: 'Soup' }] },
      ],
      names,
      format,
      t,
    )
    expect(size).toContain('partySize')
    expect(size).toMatch(/4.*6|6.*4/)
    expect(menu).toContain('courses')
    if (language === 'en') {
      expect([size, menu]).toEqual(['partySize: 4 → 6', 'courses changed'])
    } else {
      expect(menu, 'not left in English').not.toBe('courses changed')
    }
  })

  it('a move that kept its start reads as the new end; a change of nothing says nothing', () => {
    const t = tIn('en')
    expect(describeChanges([MOVE[1]], names, format, t)).toEqual(['End: 10:30 → 11:45'])
    expect(describeChanges([], names, format, t)).toEqual([])
  })
})
