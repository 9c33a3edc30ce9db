'use client'
import { toast } from '@payloadcms/ui'
import { useCallback } from 'react'

import type { AdminSettings, ReservationDocument } from '../../contract/http.js'

import { orThrow } from '../../api-client/or-throw.js'
import { statusLabel } from './status.js'
import { useApi } from './use-api.js'
import { useReserveClient } from './use-reserve-client.js'
import { useReserveTranslation } from './use-reserve-translation.js'
import { useUndoCancel } from './use-undo-cancel.js'

/** What undoing a cancel needs: the status the booking had, and what follows the undo. */
export interface CancelUndo {
  before: string
  onDone: () => void
}

/**
 * Moves a reservation to another status the way the ledger records it: cancelling through the
 * cancel endpoint (which carries the reason and checks the notice period), every other move as
 * a PATCH of `status`. Resolves to whether it worked; the outcome is toasted either way, naming
 * the booking (`booking`: who and when) where the caller knows it. With `undo`, a cancel's toast
 * offers to undo it (`use-undo-cancel.ts`).
 */
export const useStatusChange = (
  settings: AdminSettings,
): ((reservationId: string, status: string, reason?: string, booking?: string, undo?: CancelUndo) => Promise<boolean>) => {
  const api = useApi()
  const reserve = useReserveClient()
  const { has, t } = useReserveTranslation()
  const undoCancel = useUndoCancel(settings)
  return useCallback(
    async (reservationId, status, reason, booking, undo) => {
      try {
        if (status === settings.cancelledStatus) {
          // One reservation (no scope): the answer is its document.
          const cancelled = orThrow(await reserve.cancel({ body: { reason: reason || undefined, reservationId } })) as ReservationDocument
          toast.success(booking ? t('cancelledBooking', { booking }) : t('cancelled'), {
            ...(undo && {
              action: { label: t('undo'), onClick: () => void undoCancel(cancelled, undo.before, undo.onDone) },
            }),
          })
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
    [api, has, reserve, settings, t, undoCancel],
  )
}
