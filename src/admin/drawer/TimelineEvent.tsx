'use client'
import React from 'react'

import type { HistoryEvent } from '../../plugin/http/contract.js'

import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { actorName } from './actor-name.js'
import { describeEvent } from './describe-event.js'

interface Props {
  /** Display names of users, keyed `collection:id`. */
  actorLabels: Map<string, string>
  event: HistoryEvent
  timezone: string
}

/** One event of the timeline: what happened, who did it, when, and why if they said. */
export const TimelineEvent: React.FC<Props> = ({ actorLabels, event, timezone }) => {
  const translation = useReserveTranslation()
  const { t } = translation
  const format = useFormatters(timezone)
  return (
    <li className="rl-timeline__event" data-event-type={event.type}>
      <span aria-hidden className="rl-timeline__marker" />
      <div className="rl-timeline__body">
        <p className="rl-timeline__what">{describeEvent(event, translation, format)}</p>
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
