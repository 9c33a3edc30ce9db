import { describe, expect, it } from 'vitest'

import { fromPickerDate, toPickerDate } from '../../../../src/admin/shared/picker-date.js'

describe("the date picker's Date, in the plugin's zone", () => {
  it("hands the picker the zone's wall clock and reads the picked wall clock back as the zone's", () => {
    const instant = Date.parse('2026-12-09T13:00:00.000Z') // 2:00 PM in Berlin
    const shown = toPickerDate(instant, 'Europe/Berlin')
    expect([shown.getFullYear(), shown.getMonth(), shown.getDate(), shown.getHours(), shown.getMinutes()]).toEqual([
      2026, 11, 9, 14, 0,
    ])
    expect(fromPickerDate(shown, 'Europe/Berlin')).toBe(instant)
    expect(fromPickerDate(new Date(2026, 11, 7, 0, 0), 'Europe/Berlin')).toBe(Date.parse('2026-12-06T23:00:00.000Z'))
  })

  it('takes a wall time across a daylight-saving change by the zone, not the browser', () => {
    const instant = Date.parse('2026-03-29T01:30:00.000Z') // 3:30 AM CEST, the night clocks go forward
    expect(fromPickerDate(toPickerDate(instant, 'Europe/Berlin'), 'Europe/Berlin')).toBe(instant)
  })
})
