import type { CollectionConfig, Config } from 'payload'

import { describe, expect, it } from 'vitest'

import type { ReserveLedgerOptions } from '../../../../../src/plugin/options.js'

import { RESERVATION_DETAIL_DEPENDENCY } from '../../../../../src/plugin/shared/admin/registration.js'
import { reserveLedgerPlugin } from '../../../../../src/index.js'

const host: Config = {
  admin: { user: 'users' },
  collections: [{ slug: 'users', auth: true, fields: [] }],
} as unknown as Config

const configWith = (options: ReserveLedgerOptions) => reserveLedgerPlugin(options)(host)
const fieldComponent = (config: Config, name: string) =>
  (config.collections!.find(({ slug }) => slug === 'reservations') as CollectionConfig).fields.find(
    (field) => 'name' in field && field.name === name,
  )!.admin?.components
const pathOf = (component: unknown): unknown => (component as { path?: string } | undefined)?.path
const calendarOf = (config: Config) =>
  config.collections!.find(({ slug }) => slug === 'reservations')!.admin?.components?.views?.list?.Component as {
    path: string
    serverProps?: Record<string, unknown>
  }

describe('the admin components a site chooses', () => {
  it('by default registers the calendar, the widget, the overview with its link, and both reservation fields', () => {
    const config = configWith({})
    const reservations = config.collections!.find(({ slug }) => slug === 'reservations')!
    expect(pathOf(reservations.admin?.components?.views?.list?.Component)).toBe('payload-reserve-ledger/rsc#ReservationsCalendarView')
    expect(config.admin?.components?.beforeDashboard?.map(pathOf)).toEqual(['payload-reserve-ledger/client#TodayWidget'])
    expect(config.admin?.components?.afterNavLinks).toEqual(['payload-reserve-ledger/client#AvailabilityNavLink'])
    expect(pathOf((fieldComponent(config, 'customer') as { Field: unknown }).Field)).toBe('payload-reserve-ledger/client#CustomerSearchField')
    // The calendar opens the plugin's reservation drawer: nothing to resolve, nothing in the import map.
    expect(calendarOf(config).serverProps).toBeUndefined()
    expect(config.admin?.dependencies).toBeUndefined()
  })

  it("has the calendar render a site's reservation detail, put in the import map, or open Payload's form", () => {
    const replaced = configWith({ components: { reservationDetail: '/components/Detail#Detail' } })
    expect(calendarOf(replaced)).toMatchObject({
      path: 'payload-reserve-ledger/rsc#ReservationsCalendarView',
      serverProps: { reservationDetail: '/components/Detail#Detail' },
    })
    expect(replaced.admin?.dependencies).toEqual({ [RESERVATION_DETAIL_DEPENDENCY]: { path: '/components/Detail#Detail', type: 'component' } })

    const form = configWith({ components: { reservationDetail: false } })
    expect(calendarOf(form).serverProps).toEqual({ reservationDetail: false })
    expect(form.admin?.dependencies).toBeUndefined()

    // The host's own dependencies stay.
    const hosted = { ...host, admin: { ...host.admin, dependencies: { mine: { path: '/Mine', type: 'component' } } } } as Config
    const withHost = reserveLedgerPlugin({ components: { reservationDetail: '/components/Detail#Detail' } })(hosted)
    expect(Object.keys(withHost.admin!.dependencies!)).toEqual(['mine', RESERVATION_DETAIL_DEPENDENCY])
  })

  it('puts a replacement in place, with the same settings', () => {
    const config = configWith({ components: { calendarView: '/components/MyCalendar#MyCalendar', slotPicker: '/components/Picker' } })
    const reservations = config.collections!.find(({ slug }) => slug === 'reservations')!
    const list = reservations.admin?.components?.views?.list?.Component as { clientProps: { settings: unknown }; path: string }
    expect(list.path).toBe('/components/MyCalendar#MyCalendar')
    expect(list.clientProps.settings).toMatchObject({ slugs: { reservations: 'reservations' } })
    expect(pathOf((fieldComponent(config, 'startTime') as { Field: unknown }).Field)).toBe('/components/Picker')
  })

  it("leaves Payload's defaults where a component is false", () => {
    const config = configWith({
      components: {
        availabilityOverview: false,
        calendarView: false,
        customerField: false,
        dashboardWidget: false,
        reservationDetail: false,
        slotPicker: false,
      },
    })
    const reservations = config.collections!.find(({ slug }) => slug === 'reservations')!
    expect(reservations.admin?.components?.views?.list).toBeUndefined()
    expect(config.admin?.components?.beforeDashboard).toEqual([])
    expect(config.admin?.components?.afterNavLinks).toEqual([])
    expect(config.admin?.components?.views?.reservationAvailability).toBeUndefined()
    // The customer column keeps the plugin's cell, which shows a guest's name.
    expect((fieldComponent(config, 'customer') as { Field?: unknown }).Field).toBeUndefined()
    // The start's column keeps the plugin's cell, in the plugin's time zone.
    expect(fieldComponent(config, 'startTime')).toEqual({ Cell: expect.objectContaining({ path: expect.stringContaining('#ZonedDateCell') }) })
  })

  it('refuses an unknown component or a value that is no path', () => {
    expect(() => configWith({ components: { calender: false } as never })).toThrow('components.calender is not a component of the plugin')
    expect(() => configWith({ components: { calendarView: true } as never })).toThrow('components.calendarView must be a component path or false')
    expect(() => configWith({ components: { reservationDetail: '' } })).toThrow('components.reservationDetail must be a component path or false')
  })
})

describe("the edit views' Last modified and Created lines", () => {
  const stampsOf = (collection: CollectionConfig) =>
    (collection.admin?.components?.edit?.beforeDocumentControls ?? []).map(pathOf)

  it("are the plugin's, in its zone, on every collection it adds that keeps them, after a site's own components there", () => {
    const site = '/components/Before#Before'
    const config = configWith({ collectionOverrides: { services: { admin: { components: { edit: { beforeDocumentControls: [site] } } } } } })
    const [added, untimed] = [false, true].map((without) =>
      config.collections!.filter(({ slug, timestamps }) => slug !== 'users' && (timestamps === false) === without),
    )
    expect(added.length).toBeGreaterThan(5)
    // The ledger's events keep their own time, which the plugin's field shows.
    expect(untimed.flatMap(stampsOf)).toEqual([])
    for (const collection of added) {
      expect(stampsOf(collection).at(-1), collection.slug).toBe('payload-reserve-ledger/client#ZonedTimestamps')
    }
    const services = added.find(({ slug }) => slug === 'services')!
    expect((services.admin?.components?.edit?.beforeDocumentControls ?? [])[0]).toBe(site)
    expect(stampsOf(config.collections!.find(({ slug }) => slug === 'users')!)).toEqual([])
  })

  it("are Payload's when the plugin is disabled", () => {
    const config = configWith({ disabled: true })
    expect(config.collections!.flatMap(stampsOf)).toEqual([])
  })
})
