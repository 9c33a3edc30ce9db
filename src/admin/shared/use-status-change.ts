'use client'
import { toast } from '@payloadcms/ui'
import { useCallback } from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'

import { useApi } from './use-api.js'
import { useReserveTranslation } from './use-reserve-translation.js'

/**
 * Moves a reservation to another status the way the ledger records it: cancelling through the
 * cancel endpoint (which carries the reason and checks the notice period), every other move as
 * a PATCH of `status`. Resolves to whether it worked; the outcome is toasted either way.
 */
export const useStatusChange = (
  settings: AdminSettings,
): ((reservationId: string, status: string, reason?: string) => Promise<boolean>) => {
  const api = useApi()
  const { t } = useReserveTranslation()
  return useCallback(
    async (reservationId, status, reason) => {
      try {
        if (status === settings.cancelledStatus) {
          await api.send('POST', '/reserve/cancel', { reason: reason || undefined, reservationId })
          toast.success(t('cancelled'))
        } else {
          await api.send('PATCH', `/${settings.slugs.reservations}/${encodeURIComponent(reservationId)}`, { status })
          toast.success(t('statusChanged'))
        }
        return true
      } catch (error) {
        toast.error(error instanceof Error ? error.message : t('requestFailed'))
        return false
      }
    },
    [api, settings, t],
  )
}
