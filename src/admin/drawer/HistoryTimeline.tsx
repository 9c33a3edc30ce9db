'use client'
import { ShimmerEffect } from '@payloadcms/ui'
import React, { useEffect, useState } from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'
import type { HistoryEvent, HistoryResponse } from '../../plugin/http/contract.js'
import type { Formatters } from '../shared/use-formatters.js'

import { statusLabel } from '../shared/status.js'
import { useApi } from '../shared/use-api.js'
import { useFormatters } from '../shared/use-formatters.js'
import { type ReserveT, useReserveTranslation } from '../shared/use-reserve-translation.js'
import { actorKey, useActorLabels } from './use-actor-labels.js'
import './history-timeline.css'

interface Props {
  /** Changes whenever the reservation changed, so the timeline reads the ledger again. */
  refreshKey: number
  reservationId: string
  settings: AdminSettings
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** What an event did, in a sentence. */
const describe = (
  event: HistoryEvent,
  { has, t }: { has: (key: string) => boolean; t: ReserveT },
  format: Formatters,
): string => {
  const status = (value: unknown) => statusLabel(text(value), t, has)
  switch (event.type) {
    case 'ReservationBooked':
      return t('eventBooked', { status: status(event.data.status) })
    case 'ReservationDeleted':
      return t('eventDeleted')
    case 'ReservationDetailsUpdated':
      return t('eventDetailsUpdated')
    case 'ReservationRescheduled':
      return t('eventRescheduled', { when: format.dateTime(text(event.data.startTime)) })
    case 'ReservationStatusChanged':
      return t('eventStatusChanged', { from: status(event.data.from), to: status(event.data.to) })
    default:
      // Bookkeeping events of recovery (abandoned claims and the like) read as their type.
      return event.type
  }
}

/** The reservation's life as the ledger recorded it: what happened, who did it, when and why. */
export const HistoryTimeline: React.FC<Props> = ({ refreshKey, reservationId, settings }) => {
  const api = useApi()
  const translation = useReserveTranslation()
  const { t } = translation
  const format = useFormatters(settings.timezone)
  const [events, setEvents] = useState<HistoryEvent[] | null>(null)
  const [error, setError] = useState<null | string>(null)
  const actorLabels = useActorLabels(events)

  useEffect(() => {
    const controller = new AbortController()
    api
      .get<HistoryResponse>('/reserve/history', { reservationId }, controller.signal)
      .then(({ events: loaded }) => {
        setEvents([...loaded].sort((a, b) => a.revision - b.revision))
        setError(null)
      })
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) {
          setError(caught instanceof Error ? caught.message : t('requestFailed'))
        }
      })
    return () => controller.abort()
  }, [api, refreshKey, reservationId, t])

  const who = (event: HistoryEvent): string => {
    const { actor } = event
    switch (actor.kind) {
      case 'guest':
        return t('actorGuest')
      case 'system':
        return t('actorSystem')
      case 'user':
        return actorLabels.get(actorKey(actor.collection, actor.id)) ?? t('actorUser', { id: String(actor.id) })
    }
  }

  return (
    <section aria-labelledby="rl-history-title" className="rl-history">
      <h3 className="rl-history__title" id="rl-history-title">
        {t('history')}
      </h3>
      {error && <p className="rl-history__error">{error}</p>}
      {!error && events === null && <ShimmerEffect height="6rem" />}
      {events && events.length === 0 && <p className="rl-history__empty">{t('historyEmpty')}</p>}
      {events && events.length > 0 && (
        <ol className="rl-timeline">
          {events.map((event) => (
            <li className="rl-timeline__event" data-event-type={event.type} key={event.revision}>
              <span aria-hidden className="rl-timeline__marker" />
              <div className="rl-timeline__body">
                <p className="rl-timeline__what">{describe(event, translation, format)}</p>
                <p className="rl-timeline__meta">
                  <span className="rl-timeline__who">{who(event)}</span>
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
          ))}
        </ol>
      )}
    </section>
  )
}
