'use client'
import React, { useEffect, useRef } from 'react'

import type { GuestDetails } from './guest-details.js'
import type { Waitlist } from './use-waitlist.js'

import { useBookingLanguage } from './booking-texts-context.js'
import { GuestForm } from './GuestForm.js'

interface Props {
  /** `Tuesday, 1 December 2026`: the full day, as the page names it. */
  dayLabel: string
  guest: GuestDetails
  onGuest: (details: GuestDetails) => void
  waitlist: Waitlist
}

/**
 * On a day with no free time: the offer to wait for one, the guest's details to join with, then
 * the entry made and the way to leave it. Refusals are the server's words; focus follows each step.
 */
export const WaitlistOffer: React.FC<Props> = ({ dayLabel, guest, onGuest, waitlist }) => {
  const { t } = useBookingLanguage()
  const section = useRef<HTMLElement>(null)
  const outcome = useRef<HTMLParagraphElement>(null)
  const joined = waitlist.entry !== null
  useEffect(() => {
    if (joined || waitlist.left) {
      outcome.current?.focus()
    }
  }, [joined, waitlist.left])
  // The form opened by the button that it replaces: the focus goes on to its first field.
  useEffect(() => {
    if (waitlist.open) {
      section.current?.querySelector<HTMLInputElement>('input')?.focus()
    }
  }, [waitlist.open])

  return (
    <section aria-labelledby="rl-booking-waitlist" className="rl-booking__waitlist" ref={section}>
      <h3 className="rl-booking__subheading" id="rl-booking-waitlist">
        {t('waitlist')}
      </h3>
      {joined || waitlist.left ? (
        <p className="rl-booking__waitlist-outcome" ref={outcome} role="status" tabIndex={-1}>
          {t(joined ? 'waitlistJoined' : 'waitlistLeft', { day: dayLabel })}
        </p>
      ) : (
        <p className="rl-booking__note">{t('waitlistOffer')}</p>
      )}
      {waitlist.refusal && (
        <p className="rl-booking__note rl-booking__note--error" role="alert">
          {waitlist.refusal}
        </p>
      )}
      {joined ? (
        <button className="rl-booking__secondary" disabled={waitlist.busy !== null} onClick={() => void waitlist.leave()} type="button">
          {waitlist.busy === 'leaving' ? t('waitlistLeaving') : t('waitlistLeave')}
        </button>
      ) : waitlist.open ? (
        <GuestForm
          busy={waitlist.busy !== null}
          details={guest}
          onChange={onGuest}
          onSubmit={() => void waitlist.join(guest)}
          problems={waitlist.problems}
          submit={waitlist.busy === 'joining' ? t('waitlistJoining') : t('waitlistJoin')}
        />
      ) : (
        !waitlist.left && (
          <button className="rl-booking__secondary" onClick={waitlist.start} type="button">
            {t('waitlistJoin')}
          </button>
        )
      )}
    </section>
  )
}
