'use client'
import { ShimmerEffect } from '@payloadcms/ui'
import React from 'react'

import type { AdminSettings, WaitlistEntryRecord } from '../../contract/http.js'

import { recordKey, useRecordLabels } from '../shared/use-record-labels.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { useWaitlist } from './use-waitlist.js'

interface Props {
  /** The day shown, `[start, end)` in epoch ms. */
  day: { end: number; start: number }
  settings: AdminSettings
}

/** Who waits for time on the day: the wanted range, the contact, the service, and whether they were offered a hold. */
export const WaitlistPanel: React.FC<Props> = ({ day, settings }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const entries = useWaitlist(day.start, day.end)
  const { customers, services } = settings.slugs
  const labels = useRecordLabels({
    [customers]: (entries ?? []).flatMap((entry) => (entry.customer === null ? [] : [entry.customer])),
    [services]: (entries ?? []).map((entry) => entry.service),
  })
  // A guest by name; a customer by the name the admin may read, else by id.
  const contactOf = ({ customer, guestName }: WaitlistEntryRecord): string => {
    if (guestName !== null || customer === null) {
      return guestName ?? ''
    }
    return labels.get(recordKey(customers, customer)) ?? t('waitlistCustomer', { id: customer })
  }
  return (
    <div className="rl-widget__panel rl-widget__panel--waitlist">
      <h3 className="rl-widget__panel-title">{t('waitlist')}</h3>
      {entries === null ? (
        <ShimmerEffect height="2rem" />
      ) : entries.length === 0 ? (
        <p className="rl-widget__muted">{t('waitlistEmpty')}</p>
      ) : (
        <ol className="rl-stack-list">
          {entries.map((entry) => (
            <li className="rl-widget__waiting" data-waitlist-entry={entry.entryId} data-waitlist-status={entry.status} key={entry.entryId}>
              <span className="rl-widget__when">
                {format.dateTime(entry.from)} – {format.time(entry.to)}
              </span>
              <span className="rl-widget__who">{contactOf(entry)}</span>
              <span className="rl-widget__what">{labels.get(recordKey(services, entry.service)) ?? entry.service}</span>
              <span className="rl-widget__muted">{t(`waitlistStatus_${entry.status}`)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
