'use client'
import { toast } from '@payloadcms/ui'
import { useCallback } from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'

import { statusLabel } from './status.js'
import { useApi } from './use-api.js'
import { useReserveTranslation } from './use-reserve-translation.js'

/**
 * Moves a reservation to another status the way the ledger records it: cancelling through the
 * cancel endpoint (which carries the reason and checks the notice period), every other move as
 * a PATCH of `status`. Resolves to whether it worked; the outcome is toasted either way, naming
 * the booking (`booking`: who and when) where the caller knows it.
 */
export const useStatusChange = (
  settings: AdminSettings,
): ((reservationId: string, status: string, reason?: string, booking?: string) => Promise<boolean>) => {
  const api = useApi()
  const { has, t } = useReserveTranslation()
  return useCallback(
    async (reservationId, status, reason, booking) => {
      try {
        if (status === settings.cancelledStatus) {
          await api.send('POST', '/reserve/cancel', { reason: reason || undefined, reservationId })
          toast.success(booking ? t('cancelledBooking', { booking }) : t('cancelled'))
        } else {
          await api.send('PATCH', `/${settings.slugs.reservations}/${encodeURIComponent(reservationId)}`, { status })
          toast.success(
            booking ? t('statusChangedBooking', { booking, status: statusLabel(status, t, has) }) : t('statusChanged'),
          )
        }
        return true
      } catch (error) {
        toast.error(error instanceof Error ? error.message : t('requestFailed'))
        return false
      }
    },
    [api, has, settings, t],
  )
}
