import type { CollectionConfig, Config } from 'payload'

import type { AdminComponentName, ResolvedOptions, RoleOptions } from '../../options.js'

import { type ShippedLanguage, TRANSLATION_NAMESPACE, translations } from '../../../translations/index.js'
import { type AdminSettings, AVAILABILITY_VIEW_PATH } from '../../../contract/http.js'
import { adminSettings } from './settings.js'

/**
 * Where the plugin's admin pieces hook into a Payload config. Components are named by import
 * path, as Payload's import map requires: `payload-reserve-ledger/client#TodayWidget`.
 */

const CLIENT = 'payload-reserve-ledger/client'
const RSC = 'payload-reserve-ledger/rsc'

/** Components registered by path. The reservation detail is not: the calendar renders its own, or the site's. */
type PathComponent = Exclude<AdminComponentName, 'reservationDetail'>

const SHIPPED: Record<PathComponent, string> = {
  availabilityOverview: `${RSC}#AvailabilityOverviewView`,
  calendarView: `${RSC}#ReservationsCalendarView`,
  customerField: `${CLIENT}#CustomerSearchField`,
  dashboardWidget: `${CLIENT}#TodayWidget`,
  slotPicker: `${CLIENT}#SlotPickerField`,
}

/** The path of a component: the site's replacement, the plugin's own, or null where the site chose Payload's default. */
const componentPath = (options: Pick<ResolvedOptions, 'components'>, name: PathComponent): null | string => {
  const chosen = options.components[name]
  return chosen === false ? null : (chosen ?? SHIPPED[name])
}

type TranslationsConfig = Record<string, Record<string, unknown> | undefined>

/**
 * The host's translations with the plugin's namespace added to each language the host supports
 * (Payload's default is English alone) and to its fallback language: the shipped strings where
 * the plugin has them, English for any other. Languages the admin cannot show get nothing, so a
 * site's config carries no strings it never uses. A host that already defines some of the
 * plugin's keys keeps its own wording.
 */
const withTranslations = (i18n: Config['i18n']): Config['i18n'] => {
  const existing = (i18n?.translations ?? {}) as TranslationsConfig
  const languages = new Set([...Object.keys(i18n?.supportedLanguages ?? { en: true }), i18n?.fallbackLanguage ?? 'en'])
  const merged: TranslationsConfig = { ...existing }
  for (const language of languages) {
    const shipped = translations[language as ShippedLanguage] ?? translations.en
    const host = existing[language]
    merged[language] = {
      ...host,
      [TRANSLATION_NAMESPACE]: { ...shipped[TRANSLATION_NAMESPACE], ...(host?.[TRANSLATION_NAMESPACE] as object) },
    }
  }
  return { ...i18n, translations: merged as NonNullable<Config['i18n']>['translations'] }
}

/** The key of a site's reservation detail in `admin.dependencies`, which puts it in the import map. */
export const RESERVATION_DETAIL_DEPENDENCY = 'payload-reserve-ledger:reservationDetail'

/**
 * The reservations collection with the calendar in place of its list view. The calendar's
 * server half is told the site's choice of reservation detail (`serverProps`), to render it.
 */
const withCalendar = (
  collection: CollectionConfig,
  settings: AdminSettings,
  path: string,
  detail: false | string | undefined,
): CollectionConfig => ({
  ...collection,
  admin: {
    ...collection.admin,
    components: {
      ...collection.admin?.components,
      views: {
        ...collection.admin?.components?.views,
        list: {
          Component: {
            clientProps: { settings },
            path,
            ...(detail !== undefined && { serverProps: { reservationDetail: detail } }),
          },
        },
      },
    },
  },
})

/** The host's import map dependencies, with the site's reservation detail among them when it names one. */
const withDetailDependency = (options: Pick<ResolvedOptions, 'components'>, dependencies: NonNullable<Config['admin']>['dependencies']) => {
  const detail = options.components.reservationDetail
  return typeof detail === 'string'
    ? { ...dependencies, [RESERVATION_DETAIL_DEPENDENCY]: { path: detail, type: 'component' as const } }
    : dependencies
}

/**
 * The config with the admin UI registered: the calendar as the reservations list view (with
 * the reservation detail it opens), the today widget above the dashboard, the availability
 * overview page and its navigation link, and the strings of all shipped languages.
 */
export const withAdmin = (config: Config, options: RoleOptions & Pick<ResolvedOptions, 'cancelledStatus' | 'components' | 'slotInterval' | 'statusMachine' | 'timezone'>): Config => {
  const settings = adminSettings(options)
  const components = config.admin?.components ?? {}
  const widget = componentPath(options, 'dashboardWidget')
  const overview = componentPath(options, 'availabilityOverview')
  const calendar = componentPath(options, 'calendarView')
  return {
    ...config,
    admin: {
      ...config.admin,
      dependencies: withDetailDependency(options, config.admin?.dependencies),
      components: {
        ...components,
        afterNavLinks: [...(components.afterNavLinks ?? []), ...(overview ? [`${CLIENT}#AvailabilityNavLink`] : [])],
        beforeDashboard: [...(components.beforeDashboard ?? []), ...(widget ? [{ clientProps: { settings }, path: widget }] : [])],
        views: {
          ...components.views,
          ...(overview && {
            reservationAvailability: { Component: { clientProps: { settings }, path: overview }, exact: true, path: AVAILABILITY_VIEW_PATH },
          }),
        },
      },
    },
    collections: (config.collections ?? []).map((collection) =>
      collection.slug === options.slugs.reservations && calendar ? withCalendar(collection, settings, calendar, options.components.reservationDetail) : collection,
    ),
    i18n: withTranslations(config.i18n),
  }
}

const OWN = {
  calendarDateField: `${CLIENT}#CalendarDateField`,
  colourField: `${CLIENT}#ColourField`,
  customerCell: `${CLIENT}#CustomerCell`,
  eventValueField: `${CLIENT}#EventValueField`,
  formBehaviour: `${CLIENT}#ReservationFormBehaviour`,
  itemsField: `${CLIENT}#ItemsField`,
  relatedCell: `${CLIENT}#RelatedCell`,
  repeatsField: `${CLIENT}#RepeatsFormField`,
  statusField: `${CLIENT}#StatusField`,
  timeZoneField: `${CLIENT}#TimeZoneField`,
  weekdayHours: `${CLIENT}#WeekdayHours`,
} as const

/**
 * A piece of the plugin's forms or lists a site does not replace: the status select offering
 * the machine's moves, the customer column showing guests (and customers by name), the resource
 * and service columns naming theirs, the items only where there are some,
 * the form's title and Escape guard; a schedule's days from a calendar, a resource's zone from
 * the IANA list.
 * None when the plugin is disabled, like the admin UI as a whole.
 */
export const reservationComponent = (options: Pick<ResolvedOptions, 'disabled'>, name: keyof typeof OWN): string | undefined =>
  options.disabled ? undefined : OWN[name]

/** What a date field of the plugin's collections is drawn with in Payload's admin. */
export interface ZonedDateComponents {
  Cell: { clientProps: { settings: AdminSettings }; path: string }
  Field: { clientProps: { settings: AdminSettings }; path: string }
}

/**
 * The field and list cell of a date field of the plugin's collections: times in the plugin's
 * zone, named, as in the calendar, not in the browser's. None when the plugin is disabled.
 */
export const zonedDateComponents = (options: RoleOptions & Pick<ResolvedOptions, 'cancelledStatus' | 'disabled' | 'slotInterval' | 'statusMachine' | 'timezone'>): undefined | ZonedDateComponents => {
  if (options.disabled) {
    return undefined
  }
  const clientProps = { settings: adminSettings(options) }
  return {
    Cell: { clientProps, path: `${CLIENT}#ZonedDateCell` },
    Field: { clientProps, path: `${CLIENT}#ZonedDateTimeField` },
  }
}

/**
 * One of the plugin's collections with its edit view's "Last modified" and "Created" in the
 * plugin's zone, where Payload's document controls use the browser's. Unchanged when the
 * plugin is disabled or the collection keeps no timestamps.
 */
export const withZonedTimestamps = (collection: CollectionConfig, options: RoleOptions & Pick<ResolvedOptions, 'cancelledStatus' | 'disabled' | 'slotInterval' | 'statusMachine' | 'timezone'>): CollectionConfig => {
  if (options.disabled || collection.timestamps === false) {
    return collection
  }
  const edit = collection.admin?.components?.edit
  const stamps = { clientProps: { settings: adminSettings(options) }, path: `${CLIENT}#ZonedTimestamps` }
  return {
    ...collection,
    admin: {
      ...collection.admin,
      components: {
        ...collection.admin?.components,
        edit: { ...edit, beforeDocumentControls: [...(edit?.beforeDocumentControls ?? []), stamps] },
      },
    },
  }
}

/**
 * The component of a reservation field: the customer search or the slot picker (or the site's
 * replacement). None when the site chose Payload's default, or the plugin is disabled, since
 * both read endpoints that are then not mounted.
 */
export const reservationFieldComponents = (
  options: RoleOptions & Pick<ResolvedOptions, 'cancelledStatus' | 'components' | 'disabled' | 'slotInterval' | 'statusMachine' | 'timezone'>,
  component: 'customerField' | 'slotPicker',
): undefined | { Field: { clientProps: { settings: AdminSettings }; path: string } } => {
  const path = options.disabled ? null : componentPath(options, component)
  return path === null ? undefined : { Field: { clientProps: { settings: adminSettings(options) }, path } }
}
