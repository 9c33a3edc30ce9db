'use client'
import { toast } from '@payloadcms/ui'
import { useEffect, useId, useMemo, useRef, useState } from 'react'

import type { AdminSettings } from '../../contract/http.js'
import type { GridChange, PendingChange } from './grid-change-context.js'
import type { GridColumn } from './grid-column.js'
import type { TimeAxis } from './time-axis.js'
import type { MoveReservation } from './use-move-reservation.js'

import { zonedEpoch } from '../shared/calendar-dates.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { draggedOf } from './drag-data.js'
import { PX_PER_MINUTE } from './grid-scale.js'
import { laneRefusal, movedServiceOf } from './lane-refusal.js'

/** How long the keyboard's change waits after the last key before it is saved. */
const PAUSE_MS = 2_500

interface Grid {
  axis: TimeAxis
  columns: GridColumn[]
  /** The element holding the columns, each marked with `data-column-index`. */
  container: React.RefObject<HTMLElement | null>
  onMove: MoveReservation | null
  settings: AdminSettings
  stepMinutes: number
}

/**
 * The changes a time grid's blocks make by keyboard, touch or a resize handle: one pending at
 * a time, shown as a ghost and announced, then saved through `onMove` (the ledger decides) or
 * dropped. Returns null where nothing may move, and what screen readers are told.
 */
export const useGridChange = (grid: Grid): { announcement: string; change: GridChange | null } => {
  const { axis, columns, container, onMove, settings, stepMinutes } = grid
  const { timezone } = settings
  const { t } = useReserveTranslation()
  const format = useFormatters(timezone)
  const hintId = useId()
  const [pending, setPending] = useState<null | PendingChange>(null)
  const [announcement, setAnnouncement] = useState('')
  // Read by the pause timer and the handlers, which outlive the render that made them.
  const latest = useRef<null | PendingChange>(null)
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // A keyboard change that moved its block to another column: focus follows it there.
  const refocus = useRef<null | string>(null)

  useEffect(() => {
    const id = refocus.current
    if (id === null) {
      return
    }
    const block = container.current?.querySelector<HTMLElement>(`.rl-block[data-reservation-id="${CSS.escape(id)}"]`)
    const active = document.activeElement
    if (active === block) {
      return
    }
    // Focus the user moved on elsewhere stays there.
    if (active !== null && active !== document.body) {
      refocus.current = null
      return
    }
    block?.focus()
  })
  useEffect(() => {
    // A click anywhere is the user's own choice of focus.
    const forget = () => {
      refocus.current = null
    }
    document.addEventListener('pointerdown', forget)
    return () => {
      document.removeEventListener('pointerdown', forget)
      clearTimeout(pause.current)
    }
  }, [])

  const change = useMemo<GridChange | null>(() => {
    if (onMove === null) {
      return null
    }
    const bounds = (column: number) => ({
      bottom: zonedEpoch(columns[column].date, axis.end, timezone),
      top: zonedEpoch(columns[column].date, axis.start, timezone),
    })
    const set = (next: null | PendingChange) => {
      latest.current = next
      setPending(next)
      clearTimeout(pause.current)
    }
    const cancel = () => {
      if (latest.current) {
        set(null)
        setAnnouncement(t('changeCancelled'))
      }
    }
    // A lane whose resource does not offer the booking's service takes nothing (the server would refuse).
    const refusalOf = (change: PendingChange) => laneRefusal(columns[change.column].resource, movedServiceOf(change.reservation), t)
    const commit = () => {
      const saving = latest.current
      if (!saving) {
        return
      }
      clearTimeout(pause.current)
      const refused = refusalOf(saving)
      if (refused !== null) {
        set(null)
        toast.error(refused)
        return
      }
      const { column, end, reservation, start, via } = saving
      const from = Date.parse(reservation.startTime)
      const until = reservation.endTime ? Date.parse(reservation.endTime) : null
      const dragged = draggedOf(reservation)
      // The length is sent only when it changed: a move keeps the one the server gave.
      const resized = until !== null && end - start !== until - from
      refocus.current = via === 'keyboard' ? reservation.id : null
      void onMove(dragged, start, columns[column].resource, resized ? end : undefined).finally(() => {
        if (latest.current === saving) {
          set(null)
        }
      })
    }
    const show = (next: PendingChange) => {
      const was = latest.current
      // A pointer reports every pixel; only a new place is shown and announced.
      if (
        was?.reservation.id === next.reservation.id &&
        was.column === next.column &&
        was.start === next.start &&
        was.end === next.end &&
        was.via === next.via &&
        next.via === 'pointer'
      ) {
        return
      }
      set(next)
      refocus.current = null
      const lane = columns[next.column].resource?.name
      const when = `${format.weekdayTime(next.start)}–${format.time(next.end)}${lane ? `, ${lane}` : ''}`
      setAnnouncement(refusalOf(next) ?? t(next.via === 'keyboard' ? 'pendingChangeKeyboard' : 'pendingChange', { when }))
      if (next.via === 'keyboard') {
        pause.current = setTimeout(commit, PAUSE_MS)
      }
    }
    const placeAt = (x: number, y: number, only?: number) => {
      const elements = [...(container.current?.querySelectorAll<HTMLElement>('[data-column-index]') ?? [])]
      const element = elements.find((one) =>
        only === undefined
          ? x >= one.getBoundingClientRect().left && x < one.getBoundingClientRect().right
          : Number(one.dataset.columnIndex) === only,
      )
      if (!element) {
        return null
      }
      const column = Number(element.dataset.columnIndex)
      const minutes = Math.round((y - element.getBoundingClientRect().top) / PX_PER_MINUTE / stepMinutes) * stepMinutes
      const clamped = Math.min(Math.max(minutes, 0), axis.end - axis.start)
      return { at: zonedEpoch(columns[column].date, axis.start + clamped, timezone), column }
    }
    return {
      bounds,
      cancel,
      columns: columns.length,
      commit,
      hintId,
      pending,
      placeAt,
      settings,
      show,
      step: stepMinutes * 60_000,
    }
  }, [axis, columns, container, format, hintId, onMove, pending, settings, stepMinutes, t, timezone])

  return { announcement, change }
}
