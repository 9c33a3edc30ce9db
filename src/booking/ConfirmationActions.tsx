'use client'
import React, { useMemo } from 'react'

import type { ReservationDocument } from '../contract/http.js'

import { bookingIcs } from './booking-ics.js'
import { useBookingLanguage } from './booking-texts-context.js'

interface Props {
  /** The bookings made: one, or each appointment of a series. */
  bookings: readonly ReservationDocument[]
  onAnother: () => void
  /** The reference the guest quotes: the reservation's id, or the series'. */
  reference: string
  /** `Consultation with Anna Weber`, each calendar event's title. */
  summary: string
}

/** A confirmation's end: its reference, one add-to-calendar file of its bookings made in the browser, another booking. */
export const ConfirmationActions: React.FC<Props> = ({ bookings, onAnother, reference, summary }) => {
  const { t } = useBookingLanguage()
  const ics = useMemo(
    () =>
      `data:text/calendar;charset=utf-8,${encodeURIComponent(
        bookingIcs(bookings.map((booking) => ({ end: booking.endTime, id: booking.id, start: booking.startTime, summary }))),
      )}`,
    [bookings, summary],
  )
  return (
    <>
      <p className="rl-booking__reference">{t('bookedAs', { id: reference })}</p>
      <div className="rl-booking__actions">
        <a className="rl-booking__primary" download={`booking-${reference}.ics`} href={ics}>
          {t('addToCalendar')}
        </a>
        <button className="rl-booking__secondary" onClick={onAnother} type="button">
          {t('bookAnother')}
        </button>
      </div>
    </>
  )
}
