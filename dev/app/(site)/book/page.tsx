/*
 * The public booking page of the demo clinic: the booking kit's whole flow, as a guest or as the
 * signed-in customer. The language is `?lang=` (e.g. `?lang=de`), else the browser's
 * (`Accept-Language`); right to left in Arabic and Persian, here too when `?lang=` chose them
 * (the root layout only sees the header).
 */
import { BookingFlow, bookingTexts } from 'payload-reserve-ledger/booking'
import React from 'react'

import { pageLocale } from './page-locale.js'
import { SitePage } from './site-page.js'

const BookPage = async ({ searchParams }: { searchParams: Promise<{ lang?: string | string[] }> }) => {
  const locale = await pageLocale(searchParams)
  const texts = bookingTexts(locale)
  return (
    <SitePage heading={texts.title} link={{ href: '/book/mine', label: texts.myBookings }} locale={locale}>
      <BookingFlow apiUrl="/api" locale={locale} repeat="all" />
    </SitePage>
  )
}

export default BookPage
