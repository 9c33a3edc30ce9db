'use client'
import React from 'react'

import type { HistoryEvent } from '../../contract/http.js'

import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { actorName } from './actor-name.js'
import { type ChangeNames, describeChanges } from './describe-changes.js'
import { describeEvent } from './describe-event.js'

interface Props {
  /** Display names of users, keyed `collection:id`. */
  actorLabels: Map<string, string>
  event: HistoryEvent
  /** Names of the records the event's changes refer to by id. */
  names: ChangeNames
  timezone: string
}

/** A move or a details change reads as what it changed; other events as what happened, then their changes. */
const sentences = (event: HistoryEvent, headline: string, changes: string[]): [string, string[]] =>
  (event.type === 'ReservationRescheduled' || event.type === 'ReservationDetailsUpdated') && changes.length > 0
    ? [changes[0], changes.slice(1)]
    : [headline, changes]

/** One event of the timeline: what happened, who did it, when, and why if they said. */
export const TimelineEvent: React.FC<Props> = ({ actorLabels, event, names, timezone }) => {
  const translation = useReserveTranslation()
  const { t } = translation
  const format = useFormatters(timezone)
  const [what, more] = sentences(
    event,
    describeEvent(event, translation, format),
    describeChanges(event.changes, names, format, t),
  )
  return (
    <li className="rl-timeline__event" data-event-type={event.type}>
      <span aria-hidden className="rl-timeline__marker" />
      <div className="rl-timeline__body">
        <p className="rl-timeline__what">{what}</p>
        {more.length > 0 && (
          <ul className="rl-timeline__changes">
            {more.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <p className="rl-timeline__meta">
          <span className="rl-timeline__who">{actorName(event.actor, actorLabels, t)}</span>
          <time className="rl-timeline__when" dateTime={event.at}>
            {format.dateTime(event.at)}
          </time>
        </p>
        {event.reason && (
          <p className="rl-timeline__why">
            {t('reasonLabel')}{' '}
            <q>
              <bdi>{event.reason}</bdi>
            </q>
          </p>
        )}
      </div>
    </li>
  )
}
