import type { BookingTexts } from './en.js'

import { ar } from './ar.js'
import { de } from './de.js'
import { en } from './en.js'
import { es } from './es.js'
import { fa } from './fa.js'
import { fr } from './fr.js'
import { hi } from './hi.js'
import { id } from './id.js'
import { pl } from './pl.js'
import { ru } from './ru.js'
import { tr } from './tr.js'
import { zh } from './zh.js'

/**
 * The booking kit's strings by language code: the admin's twelve languages, each in its file beside
 * this one. A language without one falls back to English.
 */
export const BOOKING_TEXTS: Record<string, BookingTexts> = { ar, de, en, es, fa, fr, hi, id, pl, ru, tr, zh }

/** Languages written right to left, among those the admin is translated into. */
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur'])

/** The language part of a locale: `de` of `de-DE`. */
export const languageOf = (locale: string): string => locale.toLowerCase().split(/[-_]/)[0] ?? 'en'

/** The strings of `locale`'s language, English where it has none. */
export const bookingTexts = (locale: string): BookingTexts => BOOKING_TEXTS[languageOf(locale)] ?? en

/** The writing direction of `locale`'s language, for the `dir` attribute. */
export const directionOf = (locale: string): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.has(languageOf(locale)) ? 'rtl' : 'ltr')

/**
 * The first language of an `Accept-Language` header (or a `?lang=` value) that the kit has
 * strings for; `fallback` when none.
 */
export const pickLocale = (wanted: null | string | undefined, fallback = 'en'): string => {
  for (const part of (wanted ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim() ?? ''
    if (tag && BOOKING_TEXTS[languageOf(tag)]) {
      return languageOf(tag)
    }
  }
  return fallback
}

/** `template` with each `{name}` replaced by its value. */
export const fillIn = (template: string, values: Record<string, number | string>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
