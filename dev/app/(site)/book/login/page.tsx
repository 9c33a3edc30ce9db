/* A customer signs in (the seeded mia@example.com and lukas@example.com), then sees their bookings. */
import { bookingTexts, CustomerSignIn } from 'payload-reserve-ledger/booking'
import React from 'react'

import { pageLocale } from '../page-locale.js'
import { SitePage } from '../site-page.js'

const SignInPage = async ({ searchParams }: { searchParams: Promise<{ lang?: string | string[] }> }) => {
  const locale = await pageLocale(searchParams)
  const texts = bookingTexts(locale)
  return (
    <SitePage heading={texts.signIn} link={{ href: '/book', label: texts.title }} locale={locale}>
      <CustomerSignIn apiUrl="/api" locale={locale} next="/book/mine" />
    </SitePage>
  )
}

export default SignInPage
