'use client'
import React, { useEffect, useRef } from 'react'

import type { FreeSlot } from './free-slot.js'
import type { BookingRefusal } from './use-booking-flow.js'

import { NEXT_FREE_DAYS } from './find-free-slots.js'
import { useBookingLanguage } from './booking-texts-context.js'
import { SlotButton } from './SlotList.js'
import { dateLabel } from './zoned-time.js'
import { localDateOf } from '../time/local-time.js'

/** The slots by their local day, in their order. */
const byDay = (slots: readonly FreeSlot[]): [string, FreeSlot[]][] => {
  const days = new Map<string, FreeSlot[]>()
  for (const slot of slots) {
    const date = localDateOf(Date.parse(slot.start), slot.timezone)
    days.set(date, [...(days.get(date) ?? []), slot])
  }
  return [...days.entries()]
}

/**
 * Why the server refused, in its words, read out at once and focused; when the time was taken
 * meanwhile, the next free times to pick from instead.
 */
export const RefusalNotice: React.FC<{ onPick: (slot: FreeSlot) => void; refusal: BookingRefusal; visitorZone: null | string }> = ({
  onPick,
  refusal,
  visitorZone,
}) => {
  const { locale, t } = useBookingLanguage()
  const heading = useRef<HTMLParagraphElement>(null)
  useEffect(() => heading.current?.focus(), [refusal.message])
  const { alternatives } = refusal
  return (
    <section aria-labelledby="rl-booking-refusal" className="rl-booking__refusal">
      <div role="alert">
        <p className="rl-booking__refusal-title" id="rl-booking-refusal" ref={heading} tabIndex={-1}>
          {refusal.taken ? t('taken') : refusal.message}
        </p>
        {refusal.taken && <p className="rl-booking__refusal-reason">{refusal.message}</p>}
      </div>
      {refusal.taken && (
        <div aria-live="polite">
          {alternatives === null ? (
            <p aria-busy="true" className="rl-booking__note">
              {t('loading')}
            </p>
          ) : alternatives.length === 0 ? (
            <p className="rl-booking__note">{t('noNextFreeTimes', { days: NEXT_FREE_DAYS + 1 })}</p>
          ) : (
            <>
              <p className="rl-booking__caption">{t('nextFreeTimes')}</p>
              <ul className="rl-booking__alternatives">
                {byDay(alternatives).map(([date, slots]) => (
                  <li key={date}>
                    <p className="rl-booking__alternative-day">{dateLabel(date, locale)}</p>
                    <div className="rl-booking__slots">
                      {slots.map((slot) => (
                        <SlotButton key={slot.start} onPick={onPick} slot={slot} visitorZone={visitorZone} />
                      ))}
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  )
}
