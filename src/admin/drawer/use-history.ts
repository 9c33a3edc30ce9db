'use client'
import { useEffect, useState } from 'react'

import type { HistoryEvent } from '../../contract/http.js'

import { orThrow } from '../../api-client/or-throw.js'
import { useReserveClient } from '../shared/use-reserve-client.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

/** A reservation's events from the ledger, oldest first; read again when `refreshKey` changes. */
export const useHistory = (
  reservationId: string,
  refreshKey: number,
): { error: null | string; events: HistoryEvent[] | null } => {
  const reserve = useReserveClient()
  const { t } = useReserveTranslation()
  const [events, setEvents] = useState<HistoryEvent[] | null>(null)
  const [error, setError] = useState<null | string>(null)

  useEffect(() => {
    const controller = new AbortController()
    reserve
      .getHistory({ query: { reservationId } }, { signal: controller.signal })
      .then(orThrow)
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
  }, [refreshKey, reservationId, reserve, t])

  return { error, events }
}
