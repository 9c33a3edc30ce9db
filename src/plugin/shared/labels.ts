import type { OptionObject } from 'payload'

import type { ReserveLedgerKey } from '../../translations/types.js'

import { TRANSLATION_NAMESPACE } from '../../translations/namespace.js'
import { translations } from '../../translations/index.js'

type Vars = Record<string, number | string>

// English first: Payload reads a language a label lacks from its fallback language, else from
// the first entry.
const LANGUAGES = ['en', ...Object.keys(translations).filter((language) => language !== 'en')] as (keyof typeof translations)[]

const fill = (text: string, vars: Vars): string => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]))

/**
 * A label or description in every shipped language, from the plugin's strings. A record rather
 * than a `({ t }) => …` function: Payload caches a collection's client fields once for all
 * languages, so a function's result would stay in the language of the first request, while a
 * record is read in the admin's language where it is shown.
 */
export const label = (key: ReserveLedgerKey, vars: Vars = {}): Record<string, string> =>
  Object.fromEntries(
    LANGUAGES.map((language) => [language, fill(translations[language][TRANSLATION_NAMESPACE][key], vars)]),
  )

/** A collection's names, singular and plural, in every shipped language. */
export const collectionLabels = (singular: ReserveLedgerKey, plural: ReserveLedgerKey) => ({
  plural: label(plural),
  singular: label(singular),
})

const isKey = (key: string): key is ReserveLedgerKey => key in translations.en[TRANSLATION_NAMESPACE]

/**
 * Select options whose labels are the strings `<prefix>_<value>`. Values a site defines itself
 * (resource types, leave types, statuses of its own machine) have no string and read as
 * themselves.
 */
export const translatedOptions = (prefix: string, values: readonly string[]): OptionObject[] =>
  values.map((value) => {
    const key = `${prefix}_${value}`
    return { label: isKey(key) ? label(key) : value, value }
  })

export const DEFAULT_ADMIN_GROUP = 'Reservations'

/** The navigation group: the default name in every shipped language; a name the site chose as it is. */
export const navigationGroup = (group: string): Record<string, string> | string =>
  group === DEFAULT_ADMIN_GROUP ? label('navGroup') : group
