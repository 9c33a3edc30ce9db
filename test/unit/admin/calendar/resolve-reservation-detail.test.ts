import type { ImportMap } from 'payload'
import type React from 'react'

import { describe, expect, it } from 'vitest'

import type { AdminSettings } from '../../../../src/contract/http.js'

import { resolveReservationDetail } from '../../../../src/admin/calendar/resolve-reservation-detail.js'

const settings = { slugs: { reservations: 'reservations' }, timezone: 'Europe/Berlin' } as AdminSettings
const SiteDetail: React.FC<{ settings: AdminSettings }> = () => null
const importMap = { '/components/SiteDetail#SiteDetail': SiteDetail } as unknown as ImportMap

describe('the reservation detail the calendar opens', () => {
  it("is the plugin's drawer when the site chose none, and Payload's form when it chose false", () => {
    expect(resolveReservationDetail(undefined, importMap, settings)).toBe('drawer')
    expect(resolveReservationDetail(false, importMap, settings)).toBe('form')
  })

  it("is the site's component from the import map, rendered with the plugin's settings, where it names one", () => {
    const detail = resolveReservationDetail('/components/SiteDetail#SiteDetail', importMap, settings)
    const { replacement } = detail as { replacement: React.ReactElement<{ settings: AdminSettings }> }
    expect(replacement.type).toBe(SiteDetail)
    expect(replacement.props).toEqual({ settings })
  })
})
