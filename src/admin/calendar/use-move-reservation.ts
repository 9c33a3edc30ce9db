'use client'
import { toast } from '@payloadcms/ui'
import { useCallback } from 'react'

import type { AdminSettings, RecordId } from '../../plugin/http/contract.js'

import { useApi } from '../shared/use-api.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

/** A reservation being dragged, as the drag carries it. */
export interface DraggedReservation {
  endTime: null | string
  id: string
  resource: null | RecordId
  startTime: string
}

export type MoveReservation = (dragged: DraggedReservation, start: number, resource: null | RecordId) => Promise<void>

/**
 * Moves a dragged reservation to a new start (keeping its length) and, dropped in another
 * resource's lane, to that resource: a PATCH, so the ledger decides. Refused, the reason is
 * toasted and the calendar, asked again, shows the booking where it was.
 */
export const useMoveReservation = (settings: AdminSettings, onMoved: () => void): MoveReservation => {
  const api = useApi()
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  return useCallback(
    async (dragged, start, resource) => {
      const from = Date.parse(dragged.startTime)
      const length = dragged.endTime ? Date.parse(dragged.endTime) - from : 0
      const otherResource = resource !== null && String(resource) !== String(dragged.resource)
      if (start === from && !otherResource) {
        return
      }
      try {
        await api.send('PATCH', `/${settings.slugs.reservations}/${encodeURIComponent(dragged.id)}`, {
          ...(dragged.endTime && { endTime: new Date(start + length).toISOString() }),
          ...(otherResource && { resource }),
          startTime: new Date(start).toISOString(),
        })
        toast.success(t('auditMoved', { from: format.weekdayTime(from), to: format.weekdayTime(start) }))
      } catch (error) {
        toast.error(error instanceof Error ? error.message : t('requestFailed'))
      }
      onMoved()
    },
    [api, format, onMoved, settings.slugs.reservations, t],
  )
}
