'use client'
import React, { createContext, use, useContext, useMemo } from 'react'

import type { BookingTextKey, BookingTexts } from './texts/en.js'

import { en } from './texts/en.js'
import { directionOf, fillIn } from './texts/languages.js'
import { loadBookingTexts } from './texts/load-texts.js'

export interface BookingLanguage {
  dir: 'ltr' | 'rtl'
  locale: string
  t: (key: BookingTextKey, values?: Record<string, number | string>) => string
}

const language = (locale: string, texts: BookingTexts): BookingLanguage => {
  return { dir: directionOf(locale), locale, t: (key, values = {}) => fillIn(texts[key], values) }
}

const BookingLanguageContext = createContext<BookingLanguage>(language('en', en))

/**
 * The language of the booking components below it: their strings, dates and writing direction.
 * Its strings are loaded on first use (`loadBookingTexts`); until then it suspends, on the server
 * as in the browser, so no other language is ever shown first.
 */
export const BookingLanguageProvider: React.FC<{ children: React.ReactNode; locale: string }> = ({ children, locale }) => {
  const texts = use(loadBookingTexts(locale))
  return <BookingLanguageContext.Provider value={useMemo(() => language(locale, texts), [locale, texts])}>{children}</BookingLanguageContext.Provider>
}

export const useBookingLanguage = (): BookingLanguage => useContext(BookingLanguageContext)
