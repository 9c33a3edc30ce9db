'use client'
import React from 'react'

import { BookingLanguageProvider, useBookingLanguage } from './booking-texts-context.js'

const Frame: React.FC<{ children: React.ReactNode }> = ({ children }) => {
  const { dir, locale } = useBookingLanguage()
  return (
    <div className="rl-booking" dir={dir} lang={locale}>
      {children}
    </div>
  )
}

/** The kit's frame around a page's part: its language (strings, dates, direction) and the `.rl-booking` styles. */
export const BookingShell: React.FC<{ children: React.ReactNode; locale: string }> = ({ children, locale }) => (
  <BookingLanguageProvider locale={locale}>
    <Frame>{children}</Frame>
  </BookingLanguageProvider>
)
