import type { CollectionConfig, Field } from 'payload'

import { describe, expect, it } from 'vitest'

import { pluginSlices } from '../../../src/plugin/plugin-slices.js'
import { resolveOptions } from '../../../src/plugin/resolve-options.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { translations } from '../../../src/translations/index.js'

type Language = keyof typeof translations
type Text = Record<string, string> | string | undefined

const LANGUAGES = Object.keys(translations) as Language[]

const read = (text: Text, language: Language): string | undefined => (typeof text === 'object' ? text[language] : text)

interface Shown {
  path: string
  text: Text
}

/** Every text the admin shows of a field list: labels, descriptions and select options. */
const fieldTexts = (fields: Field[], prefix: string): Shown[] =>
  fields.flatMap((field): Shown[] => {
    const named = 'name' in field ? `${prefix}${field.name}` : prefix
    const { description, hidden: hiddenInAdmin } = (field.admin ?? {}) as { description?: unknown; hidden?: boolean }
    const hidden = ('hidden' in field && field.hidden) || hiddenInAdmin
    const own: Shown[] =
      'name' in field && !hidden && field.name !== 'id'
        ? [
            { path: `${named} label`, text: (field as { label?: Text }).label },
            ...(typeof description === 'string' ? [{ path: `${named} description`, text: description }] : []),
            ...(field.type === 'array'
              ? [
                  { path: `${named} row`, text: field.labels?.singular as Text },
                  { path: `${named} rows`, text: field.labels?.plural as Text },
                ]
              : []),
            ...(field.type === 'select'
              ? field.options.map((option) => ({ path: `${named} option`, text: (typeof option === 'string' ? option : option.label) as Text }))
              : []),
          ]
        : []
    return [...own, ...('fields' in field ? fieldTexts(field.fields, 'name' in field ? `${named}.` : prefix) : [])]
  })

const collectionTexts = (collection: CollectionConfig): Shown[] =>
  collection.admin?.hidden === true
    ? []
    : [
        { path: `${collection.slug} singular`, text: collection.labels?.singular as Text },
        { path: `${collection.slug} plural`, text: collection.labels?.plural as Text },
        { path: `${collection.slug} group`, text: collection.admin?.group as Text },
        ...fieldTexts(collection.fields, `${collection.slug}.`),
      ]

describe("the plugin's collections in the admin's language", () => {
  const { collections } = pluginSlices(
    resolveOptions({ resourceOwnerMode: { adminRoles: ['admin'] }, resourceTypes: ['practitioner', 'room', 'equipment'] }),
    ledgerServices,
  )
  const texts = collections.flatMap(collectionTexts)

  it('name every collection, field and option in every language, never with a fixed English text', () => {
    const fixed = texts.filter(({ text }) => text === undefined || typeof text === 'string')
    expect(fixed.map(({ path }) => path)).toEqual([])
  })

  it.each(LANGUAGES)('find every text in %s', (language) => {
    const missing = texts.filter(({ text }) => {
      const shown = read(text, language)
      return !shown || shown.includes('{{')
    })
    expect(missing.map(({ path }) => path)).toEqual([])
  })

  it.each(LANGUAGES.filter((language) => language !== 'en'))('read in %s, not in English, for most texts', (language) => {
    const same = texts.filter(({ text }) => read(text, language) === read(text, 'en'))
    // Loanwords (Status, Webhook, URL, Data…) read the same in some languages; a copy of the
    // English strings would leave most of them alike.
    expect(same.length).toBeLessThan(texts.length / 4)
  })

  it('reads a status of a custom machine as itself, a stock one in the language', () => {
    const custom = pluginSlices(
      resolveOptions({
        statusMachine: {
          blockingStatuses: ['booked'],
          defaultStatus: 'booked',
          statuses: ['booked', 'gone', 'cancelled'],
          terminalStatuses: ['gone', 'cancelled'],
          transitions: { booked: ['gone', 'cancelled'], cancelled: [], gone: [] },
        },
      }),
      ledgerServices,
    ).collections.find((collection) => collection.slug === 'reservations')
    const status = custom?.fields.find((field) => 'name' in field && field.name === 'status')
    const options = status?.type === 'select' ? status.options : []
    expect(options.map((option) => read((option as { label: Text }).label, 'de'))).toEqual(['booked', 'gone', translations.de.reserveLedger.status_cancelled])
  })
})
