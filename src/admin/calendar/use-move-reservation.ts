'use client'
import { toast } from '@payloadcms/ui'
import { useCallback } from 'react'

import type { AdminSettings, RecordId, ResourceRecord } from '../../contract/http.js'

import { useApi } from '../shared/use-api.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

/** A reservation being dragged, as the drag carries it. */
export interface DraggedReservation {
  endTime: null | string
  id: string
  /** Who (or what) it is, as its block reads; null when neither is known. */
  name: null | string
  resource: null | RecordId
  resourceName: null | string
  startTime: string
}

/** Moves a reservation to `start`, in another lane to `resource`; with `end`, to that end, else keeping its length. */
export type MoveReservation = (
  dragged: DraggedReservation,
  start: number,
  resource: null | ResourceRecord,
  end?: number,
) => Promise<void>

/**
 * Moves or resizes a reservation: a PATCH, so the ledger decides. Done, a toast names the booking
 * and what changed (the lanes too, where it changed lane) and offers to undo it; refused, the reason
 * is toasted and the calendar, asked again, shows the booking where it was. The undo is one more
 * PATCH back to the old times and lane, under the same rules: taken meanwhile, it is refused.
 */
export const useMoveReservation = (settings: AdminSettings, onMoved: () => void): MoveReservation => {
  const api = useApi()
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  return useCallback(
    async (dragged, start, resource, end) => {
      const from = Date.parse(dragged.startTime)
      const until = dragged.endTime ? Date.parse(dragged.endTime) : null
      const to = end ?? (until === null ? null : start + until - from)
      const otherResource = resource !== null && String(resource.id) !== String(dragged.resource)
      if (start === from && !otherResource && to === until) {
        return
      }
      const path = `/${settings.slugs.reservations}/${encodeURIComponent(dragged.id)}`
      const name = dragged.name ?? t('reservation')
      const undo = async () => {
        try {
          await api.send('PATCH', path, {
            ...(until !== null && { endTime: new Date(until).toISOString() }),
            ...(otherResource && { resource: dragged.resource }),
            startTime: dragged.startTime,
          })
          toast.success(t('undoMoveDone', { booking: name, time: format.weekdayTime(from) }))
        } catch (error) {
          toast.error(error instanceof Error ? error.message : t('requestFailed'))
        }
        onMoved()
      }
      try {
        await api.send('PATCH', path, {
          ...(to !== null && { endTime: new Date(to).toISOString() }),
          ...(otherResource && { resource: resource.id }),
          startTime: new Date(start).toISOString(),
        })
        const times = { from: format.weekdayTime(from), to: format.weekdayTime(start) }
        const change =
          // Only the end changed: say so, with the ends.
          start === from && !otherResource && until !== null && to !== null
            ? t('auditEnd', { from: format.time(until), to: format.time(to) })
            : otherResource
              ? t('auditMovedResource', {
                  ...times,
                  fromResource: dragged.resourceName ?? String(dragged.resource),
                  toResource: resource.name ?? String(resource.id),
                })
              : t('auditMoved', times)
        toast.success(`${name}: ${change}`, { action: { label: t('undo'), onClick: () => void undo() } })
      } catch (error) {
        toast.error(error instanceof Error ? error.message : t('requestFailed'))
      }
      onMoved()
    },
    [api, format, onMoved, settings.slugs.reservations, t],
  )
}
