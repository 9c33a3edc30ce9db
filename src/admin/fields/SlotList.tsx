'use client'
import { ShimmerEffect } from '@payloadcms/ui'
import React from 'react'

import type { TimeRange } from '../../contract/http.js'
import type { Slots } from './use-slots.js'

import { useFormatters } from '../shared/use-formatters.js'
import { isAllDay } from '../shared/time-span.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

/** What the slots still wait for: the resource, the service or both; null when both are chosen. */
export type SlotsAwait = 'both' | 'resource' | 'service' | null

const AWAITING = {
  both: 'chooseResourceAndService',
  resource: 'chooseResource',
  service: 'chooseService',
} as const

interface Props extends Slots {
  awaiting: SlotsAwait
  onPick: (slot: TimeRange) => void
  /** The start time the field holds, pressed among the slots. */
  start: null | string
  timezone: string
}

/** The free start times as buttons, or why there are none to show. */
export const SlotList: React.FC<Props> = ({ awaiting, error, onPick, slots, start, timezone }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(timezone)
  if (awaiting !== null) {
    return <p className="rl-slot-picker__note">{t(AWAITING[awaiting])}</p>
  }
  if (error) {
    return <p className="rl-slot-picker__note rl-slot-picker__note--error">{error}</p>
  }
  if (slots === null) {
    return <ShimmerEffect height="2.5rem" />
  }
  if (slots.length === 0) {
    return <p className="rl-slot-picker__note">{t('noFreeStartTimes')}</p>
  }
  return (
    <div className="rl-slot-picker__slots" role="group">
      {slots.map((slot) => (
        <button
          aria-pressed={start !== null && Date.parse(start) === Date.parse(slot.start)}
          className="rl-slot-picker__slot"
          data-start={slot.start}
          key={slot.start}
          onClick={() => onPick(slot)}
          type="button"
        >
          {isAllDay({ endTime: slot.end, startTime: slot.start }, timezone) ? t('allDay') : format.time(slot.start)}
        </button>
      ))}
    </div>
  )
}
