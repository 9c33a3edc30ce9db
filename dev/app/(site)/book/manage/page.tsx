/*
 * The demo clinic's "manage my booking" page: the link of a guest's booking e-mail
 * (`notifications.email.cancelUrl`) opens it with `?reservation=…&token=…`. The language is
 * `?lang=`, else the browser's (`Accept-Language`); right to left as the booking page.
 */
import { bookingTexts, directionOf, ManageBooking, pickLocale } from 'payload-reserve-ledger/booking'
import { headers } from 'next/headers.js'
import React from 'react'

type Params = Record<'lang' | 'reservation' | 'token', string | string[] | undefined>

/** The page's address holds the guest's token: no request it makes passes it on as a Referer. */
export const metadata = { referrer: 'no-referrer' }

const one = (value: string | string[] | undefined): null | string => (typeof value === 'string' ? value : null)

const ManagePage = async ({ searchParams }: { searchParams: Promise<Params> }) => {
  const { lang, reservation, token } = await searchParams
  const locale = pickLocale(one(lang), pickLocale((await headers()).get('accept-language')))
  return (
    <main className="site" dir={directionOf(locale)} lang={locale}>
      <h1>{bookingTexts(locale).manageTitle}</h1>
      <ManageBooking apiUrl="/api" locale={locale} reservationId={one(reservation) ?? ''} token={one(token)} />
    </main>
  )
}

export default ManagePage
