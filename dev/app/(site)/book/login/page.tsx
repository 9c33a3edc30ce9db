/* A customer signs in (the seeded mia@example.com and lukas@example.com), then sees their bookings. */
import { bookingTexts, directionOf, CustomerSignIn } from 'payload-reserve-ledger/booking'
import React from 'react'

import { pageLocale } from '../page-locale.js'

const SignInPage = async ({ searchParams }: { searchParams: Promise<{ lang?: string | string[] }> }) => {
  const locale = await pageLocale(searchParams)
  const texts = bookingTexts(locale)
  return (
    <main className="site" dir={directionOf(locale)} lang={locale}>
      <nav className="site__nav">
        <a href="/book">{texts.title}</a>
      </nav>
      <h1>{texts.signIn}</h1>
      <CustomerSignIn apiUrl="/api" locale={locale} next="/book/mine" />
    </main>
  )
}

export default SignInPage
