'use client'
import React, { useContext, useEffect } from 'react'

import type { AdminSettings } from '../../contract/http.js'
import type { ReservationRecord } from '../../contract/http.js'

import { bookerLabel, relatedName } from '../shared/related.js'
import { ResourceDot } from '../shared/ResourceDot.js'
import { statusLabel, statusTone } from '../shared/status.js'
import { isAllDay, timeSpan } from '../shared/time-span.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { startDrag } from './drag-data.js'
import { HighlightedBooking } from './highlighted-booking.js'
import { useBlockChange } from './use-block-change.js'
import './reservation-block.css'

/**
 * How a block reads: `full` stacks time, booker and service; `line` puts the start time and the
 * booker on one line (month cells, short bookings); `all-day` leaves the time out.
 */
export type BlockLayout = 'all-day' | 'full' | 'line'

interface Props {
  /** Index of the time grid's column the block is in; there it may be moved and resized. */
  column?: number
  layout: BlockLayout
  onOpen: (reservation: ReservationRecord) => void
  reservation: ReservationRecord
  settings: AdminSettings
  style?: React.CSSProperties
}

/** A reservation on the calendar, coloured by status; a click opens its drawer. */
export const ReservationBlock: React.FC<Props> = (props) => {
  const { column, layout, onOpen, reservation, settings, style } = props
  const { has, t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const title = bookerLabel(reservation) ?? relatedName(reservation.service) ?? t('reservation')
  const service = relatedName(reservation.service)
  // A full-day booking reads "All day", not midnight to midnight.
  const time = timeSpan(reservation, format, t, settings.timezone)
  const start = isAllDay(reservation, settings.timezone) ? t('allDay') : format.time(reservation.startTime)
  const status = statusLabel(reservation.status, t, has)
  const tone = statusTone(reservation.status, settings)
  const { blockingStatuses, terminalStatuses } = settings.statusMachine
  const ended = terminalStatuses.includes(reservation.status)
  // An ended booking that no longer holds its time leaves it to new bookings and drops (see the CSS).
  const released = ended && !blockingStatuses.includes(reservation.status)
  const change = useBlockChange(reservation, column)
  const { movable } = change
  const highlight = useContext(HighlightedBooking)
  const highlighted = highlight?.id === reservation.id
  const { ref } = change
  // Found by the search: brought into view and given the focus, so Enter opens it.
  useEffect(() => {
    if (highlighted) {
      ref.current?.scrollIntoView({ block: 'center', inline: 'center' })
      ref.current?.focus({ preventScroll: true })
    }
  }, [highlight?.at, highlighted, ref])

  return (
    <button
      {...change.handlers}
      aria-describedby={change.describedBy}
      aria-label={`${title}, ${service ?? ''} ${time}, ${status}`}
      className={`rl-block rl-block--${tone} rl-block--${layout}${ended ? ' rl-block--ended' : ''}${released ? ' rl-block--released' : ''}${change.lifted ? ' rl-block--lifted' : ''}`}
      data-highlighted={highlighted || undefined}
      data-movable={movable || undefined}
      data-reservation-id={reservation.id}
      data-status={reservation.status}
      draggable={movable || undefined}
      onClick={() => change.consumeClick() || onOpen(reservation)}
      onDragStart={
        movable
          ? (event) => {
              change.handlers.onDragStart?.(event)
              if (!event.defaultPrevented) {
                startDrag(event, reservation)
              }
            }
          : undefined
      }
      ref={change.ref}
      style={style}
      title={`${time} · ${title}${service ? ` · ${service}` : ''} · ${status}`}
      type="button"
    >
      {layout === 'line' ? (
        <span className="rl-block__line">
          <ResourceDot resource={reservation.resource} />
          <span className="rl-block__time">{start}</span>
          <span className="rl-block__who" dir="auto">
            {title}
          </span>
        </span>
      ) : (
        <>
          {layout === 'full' && <span className="rl-block__time">{time}</span>}
          <span className="rl-block__title">
            <ResourceDot resource={reservation.resource} />
            <span className="rl-block__who" dir="auto">
              {title}
            </span>
          </span>
          {service && service !== title && <span className="rl-block__service">{service}</span>}
        </>
      )}
      {change.resize && <span {...change.resize} aria-hidden className="rl-block__resize" title={t('resizeEnd')} />}
    </button>
  )
}
