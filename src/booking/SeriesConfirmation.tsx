'use client'
import React, { useEffect, useRef } from 'react'

import type { SeriesBooked } from '../contract/http.js'

import { useBookingLanguage } from './booking-texts-context.js'
import { ConfirmationActions } from './ConfirmationActions.js'

interface Props {
  guestName: string
  onAnother: () => void
  series: SeriesBooked
  /** `Consultation with Anna Weber` */
  summary: string
  /** When an occurrence is, as the page shows times. */
  whenOf: (start: string) => string
}

/** A series booked: each appointment, those left out in the server's words, one calendar file with them all. */
export const SeriesConfirmation: React.FC<Props> = ({ guestName, onAnother, series, summary, whenOf }) => {
  const { t } = useBookingLanguage()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section aria-labelledby="rl-booking-booked" className="rl-booking__confirmation">
      <h2 className="rl-booking__heading" id="rl-booking-booked" ref={heading} tabIndex={-1}>
        {t('seriesBooked', { count: series.reservations.length, name: guestName })}
      </h2>
      <p className="rl-booking__summary">{summary}</p>
      <ol className="rl-booking__series">
        {series.reservations.map((booking) => (
          <li className="rl-booking__when" key={booking.id}>
            {whenOf(booking.startTime)}
          </li>
        ))}
      </ol>
      {series.skipped.length > 0 && (
        <>
          <p className="rl-booking__caption">{t('seriesSkipped')}</p>
          <ul className="rl-booking__series rl-booking__series--skipped">
            {series.skipped.map((left) => (
              <li key={left.path}>{left.message}</li>
            ))}
          </ul>
        </>
      )}
      <ConfirmationActions bookings={series.reservations} onAnother={onAnother} reference={series.seriesId} summary={summary} />
    </section>
  )
}
