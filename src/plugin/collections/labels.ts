import type { I18nClient } from '@payloadcms/translations'
import type { OptionObject } from 'payload'

import type { ReserveLedgerKey } from '../../translations/types.js'

import { TRANSLATION_NAMESPACE } from '../../translations/namespace.js'
import { translations } from '../../translations/index.js'

type Vars = Record<string, number | string>
type Translate = (key: string, vars?: Vars) => string

const translate = (t: unknown, key: string, vars?: Vars): string => (t as Translate)(`${TRANSLATION_NAMESPACE}:${key}`, vars)

/**
 * A label or description in the admin's language: `reserveLedger:<key>`, which a site may
 * reword. It reads only `t`, so it serves as a label, a field's or a collection's description.
 */
export const label =
  (key: ReserveLedgerKey, vars?: Vars) =>
  ({ t }: { t: unknown }): string =>
    translate(t, key, vars)

/** A collection's names, singular and plural, in the admin's language. */
export const collectionLabels = (singular: ReserveLedgerKey, plural: ReserveLedgerKey) => ({
  plural: label(plural),
  singular: label(singular),
})

const hasKey = (i18n: I18nClient, key: string): boolean => {
  const strings = (i18n.translations as Record<string, unknown>)[TRANSLATION_NAMESPACE]
  return typeof strings === 'object' && strings !== null && key in strings
}

/**
 * Select options whose labels are translated under `<prefix>_<value>`. Values a site defines
 * itself (resource types, leave types, statuses of its own machine) have no string and read as
 * themselves.
 */
export const translatedOptions = (prefix: string, values: readonly string[]): OptionObject[] =>
  values.map((value) => ({
    label: ({ i18n, t }) => (hasKey(i18n, `${prefix}_${value}`) ? translate(t, `${prefix}_${value}`) : value),
    value,
  }))

export const DEFAULT_ADMIN_GROUP = 'Reservations'

/**
 * The navigation group in every shipped language. Payload takes a group as a string or a
 * language-keyed record, not a function, so the default name is given as a record; a name the
 * site chose is kept as it is.
 */
export const navigationGroup = (group: string): Record<string, string> | string =>
  group === DEFAULT_ADMIN_GROUP
    ? Object.fromEntries(Object.entries(translations).map(([language, strings]) => [language, strings[TRANSLATION_NAMESPACE].navGroup]))
    : group
