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
import { isBookingLanguage, languageOf } from './languages.js'

export { directionOf, fillIn, languageOf, pickLocale } from './languages.js'

/**
 * The booking kit's strings by language code: the admin's twelve languages, each in its file beside
 * this one, all at once, for the server (a page's heading) and tests. The components load only the
 * visitor's language (`load-texts.ts`). A language without one falls back to English.
 */
export const BOOKING_TEXTS: Record<string, BookingTexts> = { ar, de, en, es, fa, fr, hi, id, pl, ru, tr, zh }

/** The strings of `locale`'s language, English where it has none. */
export const bookingTexts = (locale: string): BookingTexts => {
  const language = languageOf(locale)
  return isBookingLanguage(language) ? (BOOKING_TEXTS[language] ?? en) : en
}
