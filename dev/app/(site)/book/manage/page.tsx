/*
 * The demo clinic's "manage my booking" page: the link of a guest's booking e-mail
 * (`notifications.email.cancelUrl`) opens it with `?reservation=…&token=…`, in the booking
 * pages' frame and language.
 */
import { bookingTexts, ManageBooking } from 'payload-reserve-ledger/booking'
import React from 'react'

import { pageLocale } from '../page-locale.js'
import { SitePage } from '../site-page.js'

type Params = Record<'lang' | 'reservation' | 'token', string | string[] | undefined>

/** The page's address holds the guest's token: no request it makes passes it on as a Referer. */
export const metadata = { referrer: 'no-referrer' }

const one = (value: string | string[] | undefined): null | string => (typeof value === 'string' ? value : null)

const ManagePage = async ({ searchParams }: { searchParams: Promise<Params> }) => {
  const { reservation, token } = await searchParams
  const locale = await pageLocale(searchParams)
  const texts = bookingTexts(locale)
  return (
    <SitePage heading={texts.manageTitle} link={{ href: '/book', label: texts.title }} locale={locale}>
      <ManageBooking apiUrl="/api" locale={locale} reservationId={one(reservation) ?? ''} token={one(token)} />
    </SitePage>
  )
}

export default ManagePage
