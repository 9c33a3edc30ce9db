/* A signed-in customer's own bookings: upcoming and past, cancelling one within the rules. */
import { bookingTexts, MyBookings } from 'payload-reserve-ledger/booking'
import React from 'react'

import { pageLocale } from '../page-locale.js'
import { SitePage } from '../site-page.js'

const MyBookingsPage = async ({ searchParams }: { searchParams: Promise<{ lang?: string | string[] }> }) => {
  const locale = await pageLocale(searchParams)
  const texts = bookingTexts(locale)
  return (
    <SitePage heading={texts.myBookings} link={{ href: '/book', label: texts.title }} locale={locale}>
      <MyBookings apiUrl="/api" locale={locale} signInHref="/book/login" />
    </SitePage>
  )
}

export default MyBookingsPage
