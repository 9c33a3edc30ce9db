/* A signed-in customer's own bookings: upcoming and past, cancelling one within the rules. */
import { bookingTexts, directionOf, MyBookings } from 'payload-reserve-ledger/booking'
import React from 'react'

import { pageLocale } from '../page-locale.js'

const MyBookingsPage = async ({ searchParams }: { searchParams: Promise<{ lang?: string | string[] }> }) => {
  const locale = await pageLocale(searchParams)
  const texts = bookingTexts(locale)
  return (
    <main className="site" dir={directionOf(locale)} lang={locale}>
      <nav className="site__nav">
        <a href="/book">{texts.title}</a>
      </nav>
      <h1>{texts.myBookings}</h1>
      <MyBookings apiUrl="/api" locale={locale} signInHref="/book/login" />
    </main>
  )
}

export default MyBookingsPage
