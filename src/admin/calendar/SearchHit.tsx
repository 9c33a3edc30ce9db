'use client'
import React from 'react'

import type { AdminSettings, ReservationRecord } from '../../contract/http.js'

import { ContactLine } from '../shared/ContactLine.js'
import { bookerLabel, relatedName } from '../shared/related.js'
import { ResourceDot } from '../shared/ResourceDot.js'
import { StatusPill } from '../shared/StatusPill.js'
import { timeSpan } from '../shared/time-span.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

interface Props {
  active: boolean
  id: string
  onPick: () => void
  reservation: ReservationRecord
  settings: AdminSettings
}

/** One found booking: who, when (in the calendar's zone), where and what, and its status. */
export const SearchHit: React.FC<Props> = ({ active, id, onPick, reservation, settings }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const { customer, guest } = reservation
  const contact = typeof customer === 'object' && customer !== null ? customer : guest
  const where = [relatedName(reservation.resource), relatedName(reservation.service)].filter(Boolean).join(' · ')
  return (
    <div
      aria-selected={active}
      className="rl-search__hit"
      data-reservation-id={reservation.id}
      id={id}
      onClick={onPick}
      // Keeps the focus in the box, so the list stays open until the pick is made.
      onMouseDown={(event) => event.preventDefault()}
      role="option"
    >
      <span className="rl-search__who">
        <span className="rl-search__name" dir="auto">
          {bookerLabel(reservation) ?? t('reservation')}
        </span>
        <StatusPill settings={settings} status={reservation.status} />
      </span>
      <span className="rl-search__when">
        {format.dayOf(reservation.startTime)} · {timeSpan(reservation, format, t, settings.timezone)}
      </span>
      <span className="rl-search__where">
        <ResourceDot resource={reservation.resource} />
        {where}
      </span>
      <ContactLine className="rl-search__contact" email={contact?.email} phone={contact?.phone} />
    </div>
  )
}
