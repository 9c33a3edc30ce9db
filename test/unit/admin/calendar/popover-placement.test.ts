import { describe, expect, it } from 'vitest'

import { placePopover, POPOVER_MARGIN } from '../../../../src/admin/calendar/popover-placement.js'

const desktop = { height: 900, width: 1440 }
const phone = { height: 844, width: 390 }
const size = { height: 300, width: 352 }
const cell = (left: number, top: number, width = 150, height = 15) => ({ bottom: top + height, left, right: left + width, top })

describe('where the quick-create popover sits', () => {
  it('beside the cell at its top, on the right, or on the left in a right-to-left page', () => {
    expect(placePopover(cell(400, 200), size, desktop, false)).toEqual({ left: 550 + POPOVER_MARGIN, top: 200 })
    expect(placePopover(cell(800, 200), size, desktop, true)).toEqual({ left: 800 - POPOVER_MARGIN - 352, top: 200 })
  })

  it('on the other side where the reading side has no room', () => {
    expect(placePopover(cell(1200, 200), size, desktop, false)).toEqual({ left: 1200 - POPOVER_MARGIN - 352, top: 200 })
    expect(placePopover(cell(100, 200), size, desktop, true)).toEqual({ left: 250 + POPOVER_MARGIN, top: 200 })
  })

  it('moved up so its bottom stays on screen near the bottom edge', () => {
    expect(placePopover(cell(400, 850), size, desktop, false).top).toBe(900 - 300 - POPOVER_MARGIN)
  })

  it('on a phone, where no side fits, centred below the cell, or above it near the bottom', () => {
    const wide = cell(20, 300, 350)
    expect(placePopover(wide, size, phone, false)).toEqual({ left: (390 - 352) / 2, top: 315 + POPOVER_MARGIN })
    const low = cell(20, 700, 350)
    expect(placePopover(low, size, phone, false)).toEqual({ left: (390 - 352) / 2, top: 700 - POPOVER_MARGIN - 300 })
  })

  it('keeps its top edge on screen when it is taller than the screen', () => {
    expect(placePopover(cell(60, 100, 320), { height: 900, width: 352 }, phone, false).top).toBe(POPOVER_MARGIN)
  })
})
