'use client'
import { Button, Drawer, ShimmerEffect, useConfig, useModal } from '@payloadcms/ui'
import React from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { bookingName } from '../shared/booking-name.js'
import { bookerLabel, relatedName } from '../shared/related.js'
import { StatusActions } from '../shared/StatusActions.js'
import { StatusPill } from '../shared/StatusPill.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { HistoryTimeline } from './HistoryTimeline.js'
import { ReservationDetails } from './ReservationDetails.js'
import { useOpenedReservation } from './use-opened-reservation.js'
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
 * stands, and its history from the ledger, all read again when someone else changes it. Editing
 * everything else opens the regular form.
 */
export const ReservationDrawer: React.FC<Props> = ({ drawerSlug, onChanged, reservationId, settings }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const {
    config: {
      routes: { admin: adminRoute },
    },
  } = useConfig()
  const { isModalOpen } = useModal()
  // Followed live while open: a closed drawer keeps its last reservation but need not read it.
  const { changed, current, error, refreshKey } = useOpenedReservation(reservationId, settings, onChanged, {
    live: isModalOpen(drawerSlug),
  })
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
            <StatusActions
              booking={bookingName(current, format, t)}
              onChanged={changed}
              reservationId={current.id}
              settings={settings}
              startTime={current.startTime}
              status={current.status}
            />
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
          <HistoryTimeline refreshKey={refreshKey} reservationId={current.id} settings={settings} />
        </div>
      )}
    </Drawer>
  )
}
