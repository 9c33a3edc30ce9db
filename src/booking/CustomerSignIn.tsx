'use client'
import React, { useId, useState } from 'react'

import type { CatalogSlugs } from './catalog.js'

import { useBookingLanguage } from './booking-texts-context.js'
import { BookingShell } from './BookingShell.js'
import { useCustomer } from './use-customer.js'

export interface CustomerSignInProps {
  /** The host's API route, e.g. `/api`. */
  apiUrl: string
  locale?: string
  /** Where to go once signed in (a path of the site); stays on the page without it. */
  next?: string
  slugs?: Pick<CatalogSlugs, 'customers'>
}

const Form: React.FC<Omit<CustomerSignInProps, 'locale'>> = ({ apiUrl, next, slugs }) => {
  const { t } = useBookingLanguage()
  const id = useId()
  const account = useCustomer(apiUrl, slugs?.customers)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<null | string>(null)

  if (account.customer) {
    return (
      <div className="rl-booking__account">
        <p role="status">{t('signedInAs', { name: account.customer.name })}</p>
        <button className="rl-booking__secondary" onClick={() => void account.signOut()} type="button">
          {t('signOut')}
        </button>
      </div>
    )
  }
  return (
    <form
      className="rl-booking__form"
      onSubmit={(event) => {
        event.preventDefault()
        setBusy(true)
        void account.signIn(email.trim(), password).then((result) => {
          setBusy(false)
          setRefusal(result.ok ? null : result.message)
          if (result.ok && next) {
            window.location.assign(next)
          }
        })
      }}
    >
      {refusal && (
        <p className="rl-booking__note rl-booking__note--error" role="alert">
          {refusal}
        </p>
      )}
      <div className="rl-booking__field">
        <label className="rl-booking__label" htmlFor={`${id}-email`}>
          {t('email')}
        </label>
        <input autoComplete="email" id={`${id}-email`} name="email" onChange={(event) => setEmail(event.target.value)} required type="email" value={email} />
      </div>
      <div className="rl-booking__field">
        <label className="rl-booking__label" htmlFor={`${id}-password`}>
          {t('password')}
        </label>
        <input
          autoComplete="current-password"
          id={`${id}-password`}
          name="password"
          onChange={(event) => setPassword(event.target.value)}
          required
          type="password"
          value={password}
        />
      </div>
      <button className="rl-booking__primary" disabled={busy} type="submit">
        {busy ? t('signingIn') : t('signIn')}
      </button>
    </form>
  )
}

/** A customer's sign-in with e-mail and password (Payload's auth of the customers collection), refusals in the server's words. */
export const CustomerSignIn: React.FC<CustomerSignInProps> = ({ locale = 'en', ...props }) => (
  <BookingShell locale={locale}>
    <Form {...props} />
  </BookingShell>
)
