'use client'
import { useEffect, useState } from 'react'

import type { HistoryEvent, HistoryResponse } from '../../contract/http.js'

import { useApi } from '../shared/use-api.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

/** A reservation's events from the ledger, oldest first; read again when `refreshKey` changes. */
export const useHistory = (
  reservationId: string,
  refreshKey: number,
): { error: null | string; events: HistoryEvent[] | null } => {
  const api = useApi()
  const { t } = useReserveTranslation()
  const [events, setEvents] = useState<HistoryEvent[] | null>(null)
  const [error, setError] = useState<null | string>(null)

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

  return { error, events }
}
