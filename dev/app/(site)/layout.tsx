/* The demo site's root layout: the public pages beside the admin, built only from the package's exports. */
import { directionOf, pickLocale } from 'payload-reserve-ledger/booking'
import 'payload-reserve-ledger/booking.css'
import { headers } from 'next/headers.js'
import React from 'react'

import './site.css'

export const metadata = { title: 'Demo clinic' }

const Layout = async ({ children }: { children: React.ReactNode }) => {
  const locale = pickLocale((await headers()).get('accept-language'))
  return (
    <html dir={directionOf(locale)} lang={locale}>
      <body>
        {children}
      </body>
    </html>
  )
}

export default Layout
