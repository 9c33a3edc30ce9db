'use client'
import React from 'react'

import type { AdminSettings } from '../../contract/http.js'
import type { CustomerRecord, ReservationRecord } from '../../contract/http.js'

import { localDateOf } from '../shared/calendar-dates.js'
import { ContactLine } from '../shared/ContactLine.js'
import { coversDay } from '../shared/covers-day.js'
import { customerLabel, relatedName } from '../shared/related.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

interface Props {
  reservation: ReservationRecord
  settings: AdminSettings
}

const Row: React.FC<{ children: React.ReactNode; label: string }> = ({ children, label }) => (
  <div className="rl-details__row">
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
)

/** A reservation's facts: when, what, where, for whom. */
export const ReservationDetails: React.FC<Props> = ({ reservation, settings }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const { customer, endTime, guest, guestCount, items, notes, startTime } = reservation
  const populatedCustomer = typeof customer === 'object' && customer !== null ? (customer as CustomerRecord) : null
  const extraItems = (items ?? []).filter((item) => relatedName(item.resource))
  const date = localDateOf(Date.parse(startTime), settings.timezone)

  return (
    <dl className="rl-details">
      <Row label={t('when')}>
        {format.dateLong(date)}
        <br />
        {coversDay(reservation, date, settings.timezone) ? (
          t('allDay')
        ) : (
          <>
            {format.time(startTime)}
            {endTime && <> – {format.time(endTime)}</>}
          </>
        )}
      </Row>
      <Row label={t('service')}>{relatedName(reservation.service) ?? '—'}</Row>
      <Row label={t('resource')}>{relatedName(reservation.resource) ?? '—'}</Row>
      {extraItems.length > 0 && (
        <Row label={t('alsoBooked')}>{extraItems.map((item) => relatedName(item.resource)).join(', ')}</Row>
      )}
      {populatedCustomer && (
        <Row label={t('customer')}>
          {customerLabel(populatedCustomer)}
          <ContactLine className="rl-details__contact" email={populatedCustomer.email} phone={populatedCustomer.phone} />
        </Row>
      )}
      {!populatedCustomer && (guest?.name || guest?.email || guest?.phone) && (
        <Row label={t('guest')}>
          {guest.name}
          <ContactLine className="rl-details__contact" email={guest.email} phone={guest.phone} />
        </Row>
      )}
      <Row label={t('guestCount')}>{guestCount ?? 1}</Row>
      {notes && <Row label={t('notes')}>{notes}</Row>}
    </dl>
  )
}
