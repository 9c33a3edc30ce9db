/*
 * The public booking page of the demo clinic: the booking kit's whole flow. The language is
 * `?lang=` (e.g. `?lang=de`), else the browser's (`Accept-Language`); right to left in Arabic and
 * Persian, here too when `?lang=` chose them (the root layout only sees the header).
 */
import { BookingFlow, bookingTexts, directionOf, pickLocale } from 'payload-reserve-ledger/booking'
import { headers } from 'next/headers.js'
import React from 'react'

const BookPage = async ({ searchParams }: { searchParams: Promise<{ lang?: string | string[] }> }) => {
  const { lang } = await searchParams
  const locale = pickLocale(typeof lang === 'string' ? lang : null, pickLocale((await headers()).get('accept-language')))
  return (
    <main className="site" dir={directionOf(locale)} lang={locale}>
      <h1>{bookingTexts(locale).title}</h1>
      <BookingFlow apiUrl="/api" locale={locale} />
    </main>
  )
}

export default BookPage
