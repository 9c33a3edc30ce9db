import type { BookingTexts } from './en.js'

import { en } from './en.js'
import { type BookingLanguageCode, isBookingLanguage, languageOf } from './languages.js'

/**
 * Each language's strings as a chunk of its own, so a visitor's browser is sent English (the
 * fallback, always at hand) and their language only, not all twelve.
 */
const LOADERS: Record<Exclude<BookingLanguageCode, 'en'>, () => Promise<BookingTexts>> = {
  ar: () => import('./ar.js').then((loaded) => loaded.ar),
  de: () => import('./de.js').then((loaded) => loaded.de),
  es: () => import('./es.js').then((loaded) => loaded.es),
  fa: () => import('./fa.js').then((loaded) => loaded.fa),
  fr: () => import('./fr.js').then((loaded) => loaded.fr),
  hi: () => import('./hi.js').then((loaded) => loaded.hi),
  id: () => import('./id.js').then((loaded) => loaded.id),
  pl: () => import('./pl.js').then((loaded) => loaded.pl),
  ru: () => import('./ru.js').then((loaded) => loaded.ru),
  tr: () => import('./tr.js').then((loaded) => loaded.tr),
  zh: () => import('./zh.js').then((loaded) => loaded.zh),
}

const ENGLISH = Promise.resolve(en)
/** One promise per language for the page's life: React's `use` needs the same one on every render. */
const loading = new Map<string, Promise<BookingTexts>>()

/** The strings of `locale`'s language, English where the kit has none. */
export const loadBookingTexts = (locale: string): Promise<BookingTexts> => {
  const language = languageOf(locale)
  if (!isBookingLanguage(language) || language === 'en') {
    return ENGLISH
  }
  const loaded = loading.get(language)
  if (loaded) {
    return loaded
  }
  const texts = LOADERS[language]()
  loading.set(language, texts)
  // A failed load (a network error) may be tried again on the next render.
  texts.catch(() => loading.delete(language))
  return texts
}
