'use client'
import React from 'react'

import type { FreeSlot } from './free-slot.js'
import type { FreeSlotsState } from './use-free-slots.js'

import { useBookingLanguage } from './booking-texts-context.js'
import { otherZone, timeIn, timeWithZones } from './zoned-time.js'

interface Props extends FreeSlotsState {
  onPick: (slot: FreeSlot) => void
  selected: FreeSlot | null
  visitorZone: null | string
}

/** One free time as a button: the resource's wall clock, the visitor's beside it when their zone differs. */
export const SlotButton: React.FC<{ onPick: (slot: FreeSlot) => void; pressed?: boolean; slot: FreeSlot; visitorZone: null | string }> = ({
  onPick,
  pressed,
  slot,
  visitorZone,
}) => {
  const { locale } = useBookingLanguage()
  const visitor = otherZone(slot.start, slot.timezone, visitorZone)
  return (
    <button
      aria-label={timeWithZones(slot.start, slot.timezone, locale, visitorZone)}
      aria-pressed={pressed}
      className="rl-booking__slot"
      data-start={slot.start}
      onClick={() => onPick(slot)}
      type="button"
    >
      <span className="rl-booking__slot-time">{timeIn(slot.start, slot.timezone, locale)}</span>
      {visitor && <span className="rl-booking__slot-yours">{timeIn(slot.start, visitor, locale)}</span>}
    </button>
  )
}

/** The day's free times, the zones they are in named above them, or why there are none. */
export const SlotList: React.FC<Props> = ({ error, onPick, selected, slots, visitorZone }) => {
  const { t } = useBookingLanguage()
  if (error) {
    return (
      <p className="rl-booking__note rl-booking__note--error" role="alert">
        {error}
      </p>
    )
  }
  if (slots === null) {
    return (
      <p aria-busy="true" className="rl-booking__note">
        {t('loading')}
      </p>
    )
  }
  if (slots.length === 0) {
    return <p className="rl-booking__note">{t('noFreeTimes')}</p>
  }
  const zones = [...new Set(slots.map(({ timezone }) => timezone))].join(', ')
  const yours = slots.some((slot) => otherZone(slot.start, slot.timezone, visitorZone)) ? visitorZone : null
  return (
    <div className="rl-booking__times" role="group" aria-labelledby="rl-booking-times-caption">
      <p className="rl-booking__caption" id="rl-booking-times-caption">
        {yours ? t('timesInWithYours', { yours, zone: zones }) : t('timesIn', { zone: zones })}
      </p>
      <div className="rl-booking__slots">
        {slots.map((slot) => (
          <SlotButton
            key={slot.start}
            onPick={onPick}
            pressed={selected !== null && Date.parse(selected.start) === Date.parse(slot.start)}
            slot={slot}
            visitorZone={visitorZone}
          />
        ))}
      </div>
    </div>
  )
}
