'use client'
import React from 'react'

import { useBookingLanguage } from './booking-texts-context.js'
import { useCountdown } from './use-countdown.js'
import { countdownLabel } from './zoned-time.js'

const GAP = '\u0000'

/**
 * How long the time stays held. The visible timer (`role="timer"`, not live) ticks each second;
 * screen readers are told when the hold is placed, at each whole minute and when it ends.
 */
export const HoldCountdown: React.FC<{ expiresAt: string; onHoldAgain: () => void }> = ({ expiresAt, onHoldAgain }) => {
  const { t } = useBookingLanguage()
  const left = useCountdown(expiresAt)
  const [before, after] = t('heldFor', { remaining: GAP }).split(GAP)
  const spoken = left === 0 ? t('holdExpired') : t('heldFor', { remaining: countdownLabel(Math.ceil(left / 60_000) * 60_000) })
  return (
    <div className="rl-booking__hold">
      {left > 0 ? (
        <p className="rl-booking__countdown">
          {before}
          <span className="rl-booking__timer" role="timer">
            {countdownLabel(left)}
          </span>
          {after}
        </p>
      ) : (
        <div className="rl-booking__countdown rl-booking__countdown--ended">
          <p>{t('holdExpired')}</p>
          <button className="rl-booking__secondary" onClick={onHoldAgain} type="button">
            {t('holdAgain')}
          </button>
        </div>
      )}
      <p aria-live="polite" className="rl-booking__visually-hidden">
        {spoken}
      </p>
    </div>
  )
}
