/* The frame of the demo's booking pages: the language and direction, a link to another page, the heading. */
import { directionOf } from 'payload-reserve-ledger/booking'
import React from 'react'

export const SitePage = ({ children, heading, link, locale }: { children: React.ReactNode; heading: string; link: { href: string; label: string }; locale: string }) => (
  <main className="site" dir={directionOf(locale)} lang={locale}>
    <nav className="site__nav">
      <a href={link.href}>{link.label}</a>
    </nav>
    <h1>{heading}</h1>
    {children}
  </main>
)
