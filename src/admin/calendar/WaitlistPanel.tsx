'use client'
import React from 'react'

import type { AdminSettings, ResourceRecord, WaitlistEntryRecord } from '../../contract/http.js'
import type { OfferAnswer } from './use-waitlist.js'

import { useCustomer } from '../fields/use-customer.js'
import { customerLabel } from '../shared/related.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { useWaitlist } from './use-waitlist.js'
import '../shared/stack-list.css'
import './waitlist-panel.css'

interface Props {
  dates: string[]
  onOffered: () => void
  refreshKey: number
  /** The resource the calendar is narrowed to: an entry for any resource is offered time there. */
  resource: null | string
  resources: null | ResourceRecord[]
  settings: AdminSettings
}

interface EntryProps {
  answer: OfferAnswer | undefined
  entry: WaitlistEntryRecord
  onOffer: () => void
  resourceName: null | string
  settings: AdminSettings
}

/** One waiting entry: who, for when and where, and Offer (where a resource is known) with its answer. */
const WaitlistEntry: React.FC<EntryProps> = ({ answer, entry, onOffer, resourceName, settings }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const customer = useCustomer(settings, entry.customer)
  const who = entry.guestName ?? (customer ? customerLabel(customer) : t('customer'))
  return (
    <li className="rl-waitlist__entry" data-entry-id={entry.entryId}>
      <span className="rl-waitlist__who">{who}</span>
      <span className="rl-waitlist__when">
        {format.weekdayTime(entry.from)}–{format.time(entry.to)}
        {resourceName && ` · ${resourceName}`}
      </span>
      {answer ? (
        <span className={`rl-waitlist__answer rl-waitlist__answer--${answer.kind}`} role="status">
          {answer.text}
        </span>
      ) : (
        <button className="rl-quick__button" disabled={resourceName === null} onClick={onOffer} type="button">
          {t('waitlistOffer')}
        </button>
      )}
    </li>
  )
}

/** The waitlist beside the calendar: the entries waiting or offered over the dates shown; a waiting one is offered its wanted time by hand. */
export const WaitlistPanel: React.FC<Props> = ({ dates, onOffered, refreshKey, resource, resources, settings }) => {
  const { t } = useReserveTranslation()
  const { answers, entries, offer } = useWaitlist(settings, dates, refreshKey, onOffered)
  const nameOf = (id: null | string) => (id === null ? null : (resources?.find((one) => String(one.id) === id)?.name ?? id))
  return (
    <aside aria-label={t('waitlist')} className="rl-waitlist">
      <h2 className="rl-waitlist__title">{t('waitlist')}</h2>
      {entries !== null && entries.length === 0 && <p className="rl-waitlist__empty">{t('waitlistEmptyShown')}</p>}
      {entries !== null && entries.length > 0 && (
        <ul className="rl-stack-list">
          {entries.map((entry) => (
            <WaitlistEntry
              answer={answers[entry.entryId]}
              entry={entry}
              key={entry.entryId}
              onOffer={() => void offer(entry, resource)}
              resourceName={nameOf(entry.resource ?? resource)}
              settings={settings}
            />
          ))}
        </ul>
      )}
    </aside>
  )
}
