'use client'
import { toast } from '@payloadcms/ui'
import { useCallback } from 'react'

import type { AdminSettings, ReservationDocument } from '../../contract/http.js'

import { orThrow } from '../../api-client/or-throw.js'
import { statusLabel } from './status.js'
import { useApi } from './use-api.js'
import { useReserveClient } from './use-reserve-client.js'
import { useReserveTranslation } from './use-reserve-translation.js'

/**
 * Undoes a cancel. The cancelled status is terminal (SPEC §3), so the cancelled booking stays
 * cancelled in the ledger; the undo books the same details again through /reserve/book, where
 * conflict detection and every other rule apply, then moves the new booking to the status the
 * cancelled one had, where the machine allows that step. Refusals are toasted in the server's words.
 */
export const useUndoCancel = (
  settings: AdminSettings,
): ((cancelled: ReservationDocument, before: string, onDone: () => void) => Promise<void>) => {
  const api = useApi()
  const reserve = useReserveClient()
  const { has, t } = useReserveTranslation()
  return useCallback(
    async (cancelled, before, onDone) => {
      try {
        const answer = await reserve.book({
          body: {
          ...(cancelled.customer != null ? { customer: cancelled.customer } : { guest: cancelled.guest }),
          endTime: cancelled.endTime,
          guestCount: cancelled.guestCount ?? 1,
          ...(cancelled.items?.length && {
            items: cancelled.items.map(({ guestCount, resource, service }) => ({ guestCount, resource, service })),
          }),
          notes: cancelled.notes ?? undefined,
          resource: cancelled.resource,
          service: cancelled.service,
          startTime: cancelled.startTime,
          },
        })
        // One booking (no recurrence): the answer is its document.
        const booked = orThrow(answer) as ReservationDocument
        if (booked.status === before) {
          toast.success(t('undoCancelDone'))
        } else if (settings.statusMachine.transitions[booked.status]?.includes(before)) {
          await api.send('PATCH', `/${settings.slugs.reservations}/${encodeURIComponent(booked.id)}`, { status: before })
          toast.success(t('undoCancelDone'))
        } else {
          toast.success(t('undoCancelStatus', { status: statusLabel(booked.status, t, has) }))
        }
      } catch (error) {
        toast.error(error instanceof Error ? error.message : t('requestFailed'))
      }
      onDone()
    },
    [api, has, reserve, settings, t],
  )
}
