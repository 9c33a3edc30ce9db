'use client'
import { Button, Drawer, ShimmerEffect, useConfig } from '@payloadcms/ui'
import React, { useCallback, useEffect, useState } from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'
import type { ReservationRecord } from '../../plugin/http/contract.js'

import { bookerLabel, relatedName } from '../shared/related.js'
import { StatusActions } from '../shared/StatusActions.js'
import { StatusPill } from '../shared/StatusPill.js'
import { useApi } from '../shared/use-api.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { HistoryTimeline } from './HistoryTimeline.js'
import { ReservationDetails } from './ReservationDetails.js'
import './reservation-drawer.css'

interface Props {
  drawerSlug: string
  /** Called after a status change, so the page behind the drawer can refresh. */
  onChanged: () => void
  reservationId: null | string
  settings: AdminSettings
}

/**
 * A reservation at a glance: its details, the status moves the machine allows from where it
 * stands, and its history from the ledger. Editing everything else opens the regular form.
 */
export const ReservationDrawer: React.FC<Props> = ({ drawerSlug, onChanged, reservationId, settings }) => {
  const api = useApi()
  const { t } = useReserveTranslation()
  const {
    config: {
      routes: { admin: adminRoute },
    },
  } = useConfig()
  const [reservation, setReservation] = useState<null | ReservationRecord>(null)
  const [error, setError] = useState<null | string>(null)
  const [revision, setRevision] = useState(0)

  useEffect(() => {
    if (!reservationId) {
      return
    }
    const controller = new AbortController()
    setError(null)
    api
      .get<ReservationRecord>(
        `/${settings.slugs.reservations}/${encodeURIComponent(reservationId)}`,
        { depth: 1 },
        controller.signal,
      )
      .then(setReservation)
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) {
          setError(caught instanceof Error ? caught.message : t('requestFailed'))
        }
      })
    return () => controller.abort()
  }, [api, reservationId, revision, settings.slugs.reservations, t])

  const changed = useCallback(() => {
    setRevision((value) => value + 1)
    onChanged()
  }, [onChanged])

  const current = reservation && reservation.id === reservationId ? reservation : null
  const title = current ? (bookerLabel(current) ?? relatedName(current.service) ?? t('reservation')) : t('reservation')

  return (
    <Drawer className="rl-reservation-drawer" slug={drawerSlug} title={title}>
      {error && <p className="rl-reservation-drawer__error">{error}</p>}
      {!error && !current && <ShimmerEffect height="12rem" />}
      {current && (
        <div className="rl-reservation-drawer__content" data-reservation-id={current.id}>
          <div className="rl-reservation-drawer__status">
            <StatusPill settings={settings} status={current.status} />
          </div>
          <ReservationDetails reservation={current} settings={settings} />
          <div className="rl-reservation-drawer__actions">
            <StatusActions onChanged={changed} reservationId={current.id} settings={settings} status={current.status} />
            <Button
              buttonStyle="secondary"
              el="link"
              margin={false}
              size="small"
              to={`${adminRoute}/collections/${settings.slugs.reservations}/${encodeURIComponent(current.id)}`}
            >
              {t('openForm')}
            </Button>
          </div>
          <HistoryTimeline refreshKey={revision} reservationId={current.id} settings={settings} />
        </div>
      )}
    </Drawer>
  )
}
