/**
 * The booking kit's languages by code, without their strings: what the browser needs to pick a
 * language and its direction before it loads that language alone (`load-texts.ts`).
 */
export const BOOKING_LANGUAGES = ['ar', 'de', 'en', 'es', 'fa', 'fr', 'hi', 'id', 'pl', 'ru', 'tr', 'zh'] as const

export type BookingLanguageCode = (typeof BOOKING_LANGUAGES)[number]

/** Languages written right to left, among those the admin is translated into. */
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur'])

/** The language part of a locale: `de` of `de-DE`. */
export const languageOf = (locale: string): string => locale.toLowerCase().split(/[-_]/)[0] ?? 'en'

/** Whether the kit has strings in `language`. */
export const isBookingLanguage = (language: string): language is BookingLanguageCode => (BOOKING_LANGUAGES as readonly string[]).includes(language)

/** The writing direction of `locale`'s language, for the `dir` attribute. */
export const directionOf = (locale: string): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.has(languageOf(locale)) ? 'rtl' : 'ltr')

/**
 * The first language of an `Accept-Language` header (or a `?lang=` value) that the kit has
 * strings for; `fallback` when none.
 */
export const pickLocale = (wanted: null | string | undefined, fallback = 'en'): string => {
  for (const part of (wanted ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim() ?? ''
    if (tag && isBookingLanguage(languageOf(tag))) {
      return languageOf(tag)
    }
  }
  return fallback
}

/** `template` with each `{name}` replaced by its value. */
export const fillIn = (template: string, values: Record<string, number | string>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
