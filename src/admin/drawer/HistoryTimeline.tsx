'use client'
import { ShimmerEffect } from '@payloadcms/ui'
import React from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { TimelineEvent } from './TimelineEvent.js'
import { useActorLabels } from './use-actor-labels.js'
import { useChangeNames } from './use-change-names.js'
import { useHistory } from './use-history.js'
import './history-timeline.css'

interface Props {
  /** Changes whenever the reservation changed, so the timeline reads the ledger again. */
  refreshKey: number
  reservationId: string
  settings: AdminSettings
}

/** The reservation's life as the ledger recorded it: what happened, who did it, when and why. */
export const HistoryTimeline: React.FC<Props> = ({ refreshKey, reservationId, settings }) => {
  const { t } = useReserveTranslation()
  const { error, events } = useHistory(reservationId, refreshKey)
  const actorLabels = useActorLabels(events)
  const names = useChangeNames(events, settings)

  return (
    <section aria-labelledby="rl-history-title" className="rl-history">
      <h3 className="rl-history__title" id="rl-history-title">
        {t('history')}
      </h3>
      <p className="rl-history__zone">{t('timesIn', { zone: settings.timezone })}</p>
      {error && <p className="rl-history__error">{error}</p>}
      {!error && events === null && <ShimmerEffect height="6rem" />}
      {events && events.length === 0 && <p className="rl-history__empty">{t('historyEmpty')}</p>}
      {events && events.length > 0 && (
        <ol className="rl-timeline">
          {events.map((event) => (
            <TimelineEvent
              actorLabels={actorLabels}
              event={event}
              key={event.revision}
              names={names}
              timezone={settings.timezone}
            />
          ))}
        </ol>
      )}
    </section>
  )
}
