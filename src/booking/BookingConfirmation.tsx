'use client'
import React, { useEffect, useMemo, useRef } from 'react'

import type { ReservationDocument } from '../contract/http.js'

import { useBookingLanguage } from './booking-texts-context.js'
import { ConfirmationActions } from './ConfirmationActions.js'

interface Props {
  booking: ReservationDocument
  /** `09:00 Europe/Berlin …`: when, as the page showed it. */
  when: string
  guestName: string
  onAnother: () => void
  /** `Consultation with Anna Weber` */
  summary: string
}

/** The booking made: what and when, its reference, an add-to-calendar file made in the browser. */
export const BookingConfirmation: React.FC<Props> = ({ booking, guestName, onAnother, summary, when }) => {
  const { t } = useBookingLanguage()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const bookings = useMemo(() => [booking], [booking])
  return (
    <section aria-labelledby="rl-booking-booked" className="rl-booking__confirmation">
      <h2 className="rl-booking__heading" id="rl-booking-booked" ref={heading} tabIndex={-1}>
        {t('booked', { name: guestName })}
      </h2>
      <p className="rl-booking__summary">{summary}</p>
      <p className="rl-booking__when">{when}</p>
      <ConfirmationActions bookings={bookings} onAnother={onAnother} reference={booking.id} summary={summary} />
    </section>
  )
}
