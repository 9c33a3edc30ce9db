import type { Config } from 'payload'

import { describe, expect, it } from 'vitest'

import { CALENDAR_MODES } from '../../../src/admin/calendar/modes.js'
import { withAdmin } from '../../../src/plugin/shared/admin/registration.js'
import { DEFAULT_STATUS_MACHINE } from '../../../src/plugin/options.js'
import { resolveOptions } from '../../../src/plugin/resolve-options.js'
import { TRANSLATION_NAMESPACE, translations } from '../../../src/translations/index.js'

const SHIPPED = ['ar', 'de', 'en', 'es', 'fa', 'fr', 'hi', 'id', 'pl', 'ru', 'tr', 'zh']

const stringsOf = (language: string): Record<string, unknown> =>
  (translations as Record<string, Record<string, Record<string, unknown>>>)[language][TRANSLATION_NAMESPACE]

const english = stringsOf('en')
const others = SHIPPED.filter((language) => language !== 'en')
const placeholders = (text: unknown): string[] =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map(([, name]) => name).sort()

describe('admin translations', () => {
  it('ships exactly the twelve languages of the admin UI', () => {
    expect(Object.keys(translations).sort()).toEqual(SHIPPED)
  })

  it.each(others)('%s has every key English has', (language) => {
    const strings = stringsOf(language)
    expect(Object.keys(english).filter((key) => !(key in strings))).toEqual([])
  })

  it.each(others)('%s has no key English lacks', (language) => {
    expect(Object.keys(stringsOf(language)).filter((key) => !(key in english))).toEqual([])
  })

  it.each(SHIPPED)('%s has a non-empty text for every key', (language) => {
    const empty = Object.entries(stringsOf(language)).filter(
      ([, text]) => typeof text !== 'string' || text.trim() === '',
    )
    expect(empty.map(([key]) => key)).toEqual([])
  })

  it.each(others)('%s fills in the same values as English', (language) => {
    const strings = stringsOf(language)
    const differing = Object.keys(english).filter(
      (key) => JSON.stringify(placeholders(strings[key])) !== JSON.stringify(placeholders(english[key])),
    )
    expect(differing).toEqual([])
  })

  it('names every stock status, status move and calendar mode, which the components look up by name', () => {
    const machine = DEFAULT_STATUS_MACHINE
    const needed = [
      ...machine.statuses.map((status) => `status_${status}`),
      ...Object.values(machine.transitions)
        .flat()
        .map((status) => `action_${status}`),
      ...CALENDAR_MODES.map((mode) => `mode_${mode}`),
    ]
    expect(needed.filter((key) => !(key in english))).toEqual([])
  })
})

describe('translation registration', () => {
  const host = (i18n: Config['i18n']): Config => ({ collections: [], i18n, secret: 'test' }) as unknown as Config
  const registered = (config: Config) =>
    config.i18n?.translations as Record<string, Record<string, Record<string, string>> | undefined>

  it('adds the plugin namespace to every language the host supports and keeps the host translations', () => {
    const supportedLanguages = Object.fromEntries(SHIPPED.map((language) => [language, {}]))
    const config = withAdmin(
      host({ supportedLanguages, translations: { de: { general: { cancel: 'Abbruch' } } } } as unknown as Config['i18n']),
      resolveOptions({}),
    )
    const strings = registered(config)
    for (const language of SHIPPED) {
      expect(strings[language]?.[TRANSLATION_NAMESPACE]).toEqual(stringsOf(language))
    }
    expect(strings.de?.general).toEqual({ cancel: 'Abbruch' })
  })

  it("merges nothing for languages the host's admin does not offer", () => {
    expect(Object.keys(registered(withAdmin(host(undefined), resolveOptions({}))))).toEqual(['en'])
    const config = withAdmin(host({ supportedLanguages: { de: {} } } as unknown as Config['i18n']), resolveOptions({}))
    expect(Object.keys(registered(config)).sort()).toEqual(['de', 'en'])
    expect(registered(config).de?.[TRANSLATION_NAMESPACE]).toEqual(stringsOf('de'))
  })

  it("lets the host reword the plugin's strings", () => {
    const config = withAdmin(
      host({ translations: { en: { [TRANSLATION_NAMESPACE]: { today: 'Now' } } } } as Config['i18n']),
      resolveOptions({}),
    )
    expect(registered(config).en?.[TRANSLATION_NAMESPACE]?.today).toBe('Now')
    expect(registered(config).en?.[TRANSLATION_NAMESPACE]?.history).toBe(english.history)
  })

  it('falls back to English for a language the host supports and the plugin does not ship', () => {
    const config = withAdmin(host({ supportedLanguages: { it: {} } } as unknown as Config['i18n']), resolveOptions({}))
    expect(registered(config).it?.[TRANSLATION_NAMESPACE]).toEqual(english)
  })
})
