'use client'
import React, { useEffect, useRef } from 'react'

import type { SeriesRefusal } from './use-series-booking.js'

import { useBookingLanguage } from './booking-texts-context.js'

/**
 * Why the series was not booked, in the server's words, each refused appointment named; when
 * some are free, the offer to book those alone.
 */
export const SeriesRefusalNotice: React.FC<{ busy: boolean; onBookFree: () => void; refusal: SeriesRefusal; total: number }> = ({
  busy,
  onBookFree,
  refusal,
  total,
}) => {
  const { t } = useBookingLanguage()
  const heading = useRef<HTMLParagraphElement>(null)
  useEffect(() => heading.current?.focus(), [refusal])
  return (
    <section aria-labelledby="rl-booking-series-refusal" className="rl-booking__refusal">
      <div role="alert">
        <p className="rl-booking__refusal-title" id="rl-booking-series-refusal" ref={heading} tabIndex={-1}>
          {refusal.message}
        </p>
        {refusal.occurrences.length > 0 && (
          <ul className="rl-booking__series rl-booking__series--skipped">
            {refusal.occurrences.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
      </div>
      {refusal.someFree && (
        <button className="rl-booking__primary" disabled={busy} onClick={onBookFree} type="button">
          {t('bookTheFree', { count: total - refusal.occurrences.length })}
        </button>
      )}
    </section>
  )
}
