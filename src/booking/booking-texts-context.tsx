'use client'
import React, { createContext, useContext, useMemo } from 'react'

import type { BookingTextKey } from './texts/en.js'

import { bookingTexts, directionOf, fillIn } from './texts/booking-texts.js'

export interface BookingLanguage {
  dir: 'ltr' | 'rtl'
  locale: string
  t: (key: BookingTextKey, values?: Record<string, number | string>) => string
}

const language = (locale: string): BookingLanguage => {
  const texts = bookingTexts(locale)
  return { dir: directionOf(locale), locale, t: (key, values = {}) => fillIn(texts[key], values) }
}

const BookingLanguageContext = createContext<BookingLanguage>(language('en'))

/** The language of the booking components below it: their strings, dates and writing direction. */
export const BookingLanguageProvider: React.FC<{ children: React.ReactNode; locale: string }> = ({ children, locale }) => (
  <BookingLanguageContext.Provider value={useMemo(() => language(locale), [locale])}>{children}</BookingLanguageContext.Provider>
)

export const useBookingLanguage = (): BookingLanguage => useContext(BookingLanguageContext)
