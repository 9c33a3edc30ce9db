'use client'
import { useCallback, useEffect, useState } from 'react'

import type { AdminSettings, ReservationRecord } from '../../contract/http.js'

import { useApi } from '../shared/use-api.js'
import { useLiveUpdates } from '../shared/use-live-updates.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

export interface OpenedReservation {
  /** Reads the reservation again after a change and tells the page behind the drawer. */
  changed: () => void
  /** The reservation asked for, once loaded; never an earlier one still showing. */
  current: null | ReservationRecord
  error: null | string
  /** Changes whenever the reservation was read again: after a change in the drawer or by anyone else. */
  refreshKey: number
  /** Counts the changes made in the drawer. */
  revision: number
}

export interface OpenedReservationOptions {
  /** Reads the reservation again when someone else changes it (default true); off while the drawer is closed. */
  live?: boolean
}

/**
 * The reservation with id `reservationId`, its relations populated, for the drawer; read again
 * within moments when another user changes it, the previous reading shown meanwhile.
 */
export const useOpenedReservation = (
  reservationId: null | string,
  settings: AdminSettings,
  onChanged: () => void,
  { live = true }: OpenedReservationOptions = {},
): OpenedReservation => {
  const api = useApi()
  const { t } = useReserveTranslation()
  const [reservation, setReservation] = useState<null | ReservationRecord>(null)
  const [error, setError] = useState<null | string>(null)
  const [revision, setRevision] = useState(0)
  const [elsewhere, setElsewhere] = useState(0)
  // The page behind follows the same changes itself: only the drawer reads again.
  useLiveUpdates(() => setElsewhere((value) => value + 1), live && reservationId !== null, reservationId)

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
  }, [api, elsewhere, reservationId, revision, settings.slugs.reservations, t])

  const changed = useCallback(() => {
    setRevision((value) => value + 1)
    onChanged()
  }, [onChanged])

  const current = reservation && reservation.id === reservationId ? reservation : null
  return { changed, current, error, refreshKey: revision + elsewhere, revision }
}
