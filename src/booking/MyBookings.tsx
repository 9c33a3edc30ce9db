'use client'
import React from 'react'

import type { Catalog, CatalogSlugs } from './catalog.js'
import type { MyBooking } from './my-bookings.js'
import type { BookingTextKey } from './texts/en.js'

import { localDateOf } from '../time/local-time.js'
import { useBookingLanguage } from './booking-texts-context.js'
import { BookingShell } from './BookingShell.js'
import { type MyBookingsState, useMyBookings } from './use-my-bookings.js'
import { useCatalog } from './use-catalog.js'
import { useCustomer } from './use-customer.js'
import { useVisitorZone } from './use-visitor-zone.js'
import { whenLabel } from './zoned-time.js'

export interface MyBookingsProps {
  /** The host's API route, e.g. `/api`. */
  apiUrl: string
  locale?: string
  /** Where a visitor who is not signed in can sign in. */
  signInHref?: string
  slugs?: CatalogSlugs & { reservations?: string }
}

/** The default status machine's statuses in the page's language; a site's own statuses read as they are named. */
const STATUS_TEXTS: Record<string, BookingTextKey> = {
  cancelled: 'statusCancelled',
  completed: 'statusCompleted',
  confirmed: 'statusConfirmed',
  'no-show': 'statusNoShow',
  pending: 'statusPending',
}

/** Statuses after which there is nothing to cancel (the default machine's terminal ones). */
const ENDED = new Set(['cancelled', 'completed', 'no-show'])

const BookingItem: React.FC<{ booking: MyBooking; catalog: Catalog; mine: MyBookingsState; upcoming: boolean; visitorZone: null | string }> = ({
  booking,
  catalog,
  mine,
  upcoming,
  visitorZone,
}) => {
  const { locale, t } = useBookingLanguage()
  const resource = catalog.resources.find(({ id }) => String(id) === String(booking.resource))
  const service = catalog.services.find(({ id }) => String(id) === String(booking.service))
  const timezone = resource?.timezone ?? 'UTC'
  const id = `rl-booking-mine-${booking.id}`
  const status = STATUS_TEXTS[booking.status]
  const refusal = mine.refusals[booking.id]
  return (
    <li className="rl-booking__mine-item">
      <p className="rl-booking__summary" id={`${id}-summary`}>
        {t('summary', { resource: resource?.name ?? '', service: service?.name ?? '' })}
      </p>
      <p className="rl-booking__when" id={`${id}-when`}>
        {whenLabel(booking.startTime, localDateOf(Date.parse(booking.startTime), timezone), timezone, locale, visitorZone)}
      </p>
      <p aria-live="polite" className="rl-booking__status">
        {status ? t(status) : booking.status}
      </p>
      {refusal && (
        <p className="rl-booking__note--error" role="alert">
          {refusal}
        </p>
      )}
      {upcoming && !ENDED.has(booking.status) && (
        <button
          aria-describedby={`${id}-summary ${id}-when`}
          className="rl-booking__secondary"
          disabled={mine.cancelling !== null}
          onClick={() => void mine.cancel(booking.id)}
          type="button"
        >
          {mine.cancelling === booking.id ? t('cancelling') : t('cancelBooking')}
        </button>
      )}
    </li>
  )
}

const BookingList: React.FC<{ bookings: MyBooking[]; catalog: Catalog; mine: MyBookingsState; upcoming: boolean }> = ({ bookings, catalog, mine, upcoming }) => {
  const { t } = useBookingLanguage()
  const visitorZone = useVisitorZone()
  const headingId = upcoming ? 'rl-booking-upcoming' : 'rl-booking-past'
  return (
    <section aria-labelledby={headingId} className="rl-booking__mine">
      <h2 className="rl-booking__heading" id={headingId}>
        {t(upcoming ? 'upcomingBookings' : 'pastBookings')}
      </h2>
      {bookings.length === 0 ? (
        <p className="rl-booking__note">{t(upcoming ? 'noUpcomingBookings' : 'noPastBookings')}</p>
      ) : (
        <ul className="rl-booking__mine-list">
          {bookings.map((booking) => (
            <BookingItem booking={booking} catalog={catalog} key={booking.id} mine={mine} upcoming={upcoming} visitorZone={visitorZone} />
          ))}
        </ul>
      )}
    </section>
  )
}

const Bookings: React.FC<Omit<MyBookingsProps, 'locale'>> = ({ apiUrl, signInHref, slugs }) => {
  const { t } = useBookingLanguage()
  const account = useCustomer(apiUrl, slugs?.customers)
  const { catalog, error: catalogError } = useCatalog(apiUrl, slugs)
  const mine = useMyBookings(apiUrl, account.customer?.id ?? null, slugs)
  if (!account.checked) {
    return (
      <p aria-busy="true" className="rl-booking__note">
        {t('loading')}
      </p>
    )
  }
  if (!account.customer) {
    return (
      <p className="rl-booking__note">
        {t('signInToSee')} {signInHref && <a href={signInHref}>{t('signIn')}</a>}
      </p>
    )
  }
  const error = mine.error ?? catalogError
  return (
    <>
      <div className="rl-booking__account">
        <p>{t('signedInAs', { name: account.customer.name })}</p>
        <button className="rl-booking__secondary" onClick={() => void account.signOut()} type="button">
          {t('signOut')}
        </button>
      </div>
      {error ? (
        <p className="rl-booking__note rl-booking__note--error" role="alert">
          {t('bookingsLoadFailed', { message: error })}
        </p>
      ) : mine.bookings && catalog ? (
        <>
          <BookingList bookings={mine.bookings.upcoming} catalog={catalog} mine={mine} upcoming />
          <BookingList bookings={mine.bookings.past} catalog={catalog} mine={mine} upcoming={false} />
        </>
      ) : (
        <p aria-busy="true" className="rl-booking__note">
          {t('loading')}
        </p>
      )}
    </>
  )
}

/**
 * The signed-in customer's own bookings, upcoming and past, each with its service, resource and
 * time in the resource's zone and its status; an upcoming one can be cancelled, a refusal (e.g.
 * within the notice period) shown in the server's words. A visitor not signed in is sent to
 * `signInHref`.
 */
export const MyBookings: React.FC<MyBookingsProps> = ({ locale = 'en', ...props }) => (
  <BookingShell locale={locale}>
    <Bookings {...props} />
  </BookingShell>
)
