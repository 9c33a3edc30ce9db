'use client'
import { useAuth } from '@payloadcms/ui'
import { useContext, useEffect, useRef } from 'react'

import type { ReservationRecord } from '../../contract/http.js'

import { mayMove, mayResize } from '../shared/may-change.js'
import { GridChangeContext, type PendingChange } from './grid-change-context.js'

/** How long a finger rests on a block before it lifts it; a shorter touch scrolls or opens it. */
const LONG_PRESS_MS = 450
/** A finger moving further than this before the long press is over is scrolling. */
const SLOP_PX = 8

type Handlers = Pick<
  React.HTMLAttributes<HTMLElement>,
  'onContextMenu' | 'onDragStart' | 'onKeyDown' | 'onPointerCancel' | 'onPointerDown' | 'onPointerMove' | 'onPointerUp'
>

export interface BlockChange {
  /** Whether a click is the end of a drag, not a request to open the booking. */
  consumeClick(): boolean
  /** The hint's id, for `aria-describedby`; undefined when the block cannot move. */
  describedBy?: string
  handlers: Handlers
  /** Whether this block's change is pending, shown elsewhere as a ghost. */
  lifted: boolean
  movable: boolean
  ref: React.RefObject<HTMLButtonElement | null>
  /** Handlers of the handle on the block's lower edge; null where it may not be resized. */
  resize: Handlers | null
}

/**
 * How a block in a time grid is moved and resized without a mouse drag: arrow keys (Up and Down
 * earlier and later, Left and Right the previous and next day or lane, with Shift Up and Down
 * the end), a long press then a drag on touch screens, and the handle on its lower edge.
 * The mouse's own drag of the whole block is HTML drag and drop (`drag-data.ts`).
 */
export const useBlockChange = (
  reservation: ReservationRecord,
  column: number | undefined,
): BlockChange => {
  const grid = useContext(GridChangeContext)
  const { user } = useAuth()
  const ref = useRef<HTMLButtonElement | null>(null)
  const press = useRef<{ grab: number; lifted: boolean; timer?: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null)
  const resizing = useRef(false)
  const dragged = useRef(false)
  const movable = grid !== null && column !== undefined && mayMove(user, grid.settings, reservation)
  const resizable = movable && mayResize(user, grid.settings, reservation)

  // A lifted block keeps the finger: the page must not scroll under it. Only a listener that is
  // not passive may refuse the scroll, and React adds passive ones.
  useEffect(() => {
    const element = ref.current
    if (!element || !movable) {
      return
    }
    const hold = (event: TouchEvent) => {
      if (press.current?.lifted || resizing.current) {
        event.preventDefault()
      }
    }
    element.addEventListener('touchmove', hold, { passive: false })
    return () => element.removeEventListener('touchmove', hold)
  }, [movable])

  const inactive: BlockChange = { consumeClick: () => false, handlers: {}, lifted: false, movable: false, ref, resize: null }
  if (!grid || column === undefined || !movable) {
    return inactive
  }
  const mine = grid.pending?.reservation.id === reservation.id ? grid.pending : null
  const { step } = grid
  const from = Date.parse(reservation.startTime)
  const until = reservation.endTime ? Date.parse(reservation.endTime) : from + step
  const original: PendingChange = { column, end: until, reservation, start: from, via: 'keyboard' }

  const keyboard = (event: React.KeyboardEvent<HTMLElement>) => {
    const base = mine ?? original
    const within = (next: PendingChange) => {
      const { bottom, top } = grid.bounds(next.column)
      return next.start >= top && next.end <= bottom
    }
    const propose = (next: PendingChange) => {
      event.preventDefault()
      if (within(next)) {
        grid.show({ ...next, via: 'keyboard' })
      }
    }
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      const by = event.key === 'ArrowUp' ? -step : step
      if (event.shiftKey) {
        if (resizable) {
          propose({ ...base, end: Math.max(base.end + by, base.start + step) })
        }
        return
      }
      propose({ ...base, end: base.end + by, start: base.start + by })
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      // Right goes forward in a left-to-right page, back in a right-to-left one.
      const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
      const next = base.column + ((event.key === 'ArrowRight') !== rtl ? 1 : -1)
      if (next < 0 || next >= grid.columns) {
        return
      }
      const shift = grid.bounds(next).top - grid.bounds(base.column).top
      propose({ ...base, column: next, end: base.end + shift, start: base.start + shift })
    } else if (event.key === 'Enter' && mine) {
      event.preventDefault()
      grid.commit()
    } else if (event.key === 'Escape' && mine) {
      event.preventDefault()
      // Payload's drawers and the page must not take the Escape too.
      event.stopPropagation()
      grid.cancel()
    }
  }

  const release = () => {
    clearTimeout(press.current?.timer)
    press.current = null
  }

  const handlers: Handlers = {
    onContextMenu: (event) => {
      // A long press opens the context menu on touch screens; here it lifts the block.
      if (press.current) {
        event.preventDefault()
      }
    },
    onDragStart: (event) => {
      if (resizing.current || press.current) {
        event.preventDefault()
      }
    },
    onKeyDown: keyboard,
    onPointerCancel: () => {
      if (press.current?.lifted) {
        grid.cancel()
      }
      release()
    },
    onPointerDown: (event) => {
      dragged.current = false
      // The mouse moves blocks by HTML drag and drop; a finger would scroll or open the menu with it.
      event.currentTarget.draggable = event.pointerType === 'mouse'
      if (event.pointerType === 'mouse' || !event.isPrimary) {
        return
      }
      const grab = event.clientY - event.currentTarget.getBoundingClientRect().top
      const pressing = { grab, lifted: false, x: event.clientX, y: event.clientY }
      press.current = {
        ...pressing,
        timer: setTimeout(() => {
          if (press.current) {
            press.current.lifted = true
            grid.show({ ...original, via: 'pointer' })
          }
        }, LONG_PRESS_MS),
      }
    },
    onPointerMove: (event) => {
      const held = press.current
      if (!held) {
        return
      }
      if (!held.lifted) {
        if (Math.hypot(event.clientX - held.x, event.clientY - held.y) > SLOP_PX) {
          release()
        }
        return
      }
      const place = grid.placeAt(event.clientX, event.clientY - held.grab)
      if (place) {
        grid.show({ ...original, column: place.column, end: place.at + until - from, start: place.at, via: 'pointer' })
      }
    },
    onPointerUp: () => {
      if (press.current?.lifted) {
        dragged.current = true
        grid.commit()
      }
      release()
    },
  }

  const resize: Handlers | null = resizable
    ? {
        onPointerCancel: () => {
          resizing.current = false
          grid.cancel()
        },
        onPointerDown: (event) => {
          if (!event.isPrimary || event.button !== 0) {
            return
          }
          event.stopPropagation()
          event.currentTarget.setPointerCapture(event.pointerId)
          resizing.current = true
          grid.show({ ...original, via: 'pointer' })
        },
        onPointerMove: (event) => {
          if (!resizing.current) {
            return
          }
          const place = grid.placeAt(event.clientX, event.clientY, column)
          const base = grid.pending?.reservation.id === reservation.id ? grid.pending : original
          if (place) {
            grid.show({ ...base, end: Math.max(place.at, base.start + step), via: 'pointer' })
          }
        },
        onPointerUp: (event) => {
          if (!resizing.current) {
            return
          }
          event.stopPropagation()
          resizing.current = false
          dragged.current = true
          grid.commit()
        },
      }
    : null

  return {
    consumeClick: () => {
      const was = dragged.current
      dragged.current = false
      return was
    },
    describedBy: grid.hintId,
    handlers,
    lifted: mine !== null,
    movable,
    ref,
    resize,
  }
}
