'use client'
import { useConfig, useDocumentDrawer, useModal } from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { useCallback, useRef, useState } from 'react'

import type { AdminSettings, RecordId, ReservationRecord, ResourceRecord } from '../../contract/http.js'
import type { BookAt } from './book-at.js'
import type { ReservationDetail } from './calendar-props.js'

export const DETAILS_DRAWER = 'rl-reservation-details'

/** A free time clicked, which the quick-create popover books. */
export interface QuickTarget {
  anchor: HTMLElement
  resource: null | ResourceRecord
  start: string
}

/** What the quick-create popover hands on to the full form. */
export interface BookingChoice {
  customer?: null | RecordId
  service?: null | RecordId
}

export interface CalendarDrawers {
  /** Opens the create form, prefilled with the start, resource and choices made, if any. */
  book: (start: null | string, resource: null | ResourceRecord, choice?: BookingChoice) => void
  closeDrawer: () => void
  closeQuick: () => void
  CreateDrawer: ReturnType<typeof useDocumentDrawer>[0]
  /** Opens a reservation's details: in the detail drawer, or Payload's form where the site chose it. */
  open: (reservation: ReservationRecord) => void
  /** The reservation whose details are open. */
  opened: null | string
  prefill: Record<string, unknown>
  /** Opens the quick-create popover on a free time, unless one is still open (asking before it discards what was typed). */
  quick: BookAt
  /** The quick-create popover was refused a booking: the calendar loads again once it closes. */
  quickRefused: () => void
  /** The free time the quick-create popover is open on. */
  quickTarget: null | QuickTarget
  /** Has the calendar load its reservations again, after a change. */
  refresh: () => void
  refreshKey: number
}

/** The calendar's two drawers, a reservation's details and the create form, the quick-create popover, and what they changed. */
export const useCalendarDrawers = (settings: AdminSettings, detail: ReservationDetail): CalendarDrawers => {
  const { openModal } = useModal()
  const router = useRouter()
  const {
    config: {
      routes: { admin: adminRoute },
    },
  } = useConfig()
  const [refreshKey, setRefreshKey] = useState(0)
  const [opened, setOpened] = useState<null | string>(null)
  const [prefill, setPrefill] = useState<Record<string, unknown>>({})
  const [quickTarget, setQuickTarget] = useState<null | QuickTarget>(null)
  const [CreateDrawer, , { closeDrawer, openDrawer }] = useDocumentDrawer({
    collectionSlug: settings.slugs.reservations,
  })

  const refresh = useCallback(() => setRefreshKey((key) => key + 1), [])
  // What took the time refused is not shown until the calendar loads again; loading while the
  // popover is open could redraw the cell it is anchored to, so it waits for the popover to close.
  const refused = useRef(false)
  const quickRefused = useCallback(() => {
    refused.current = true
  }, [])
  const closeQuick = useCallback(() => {
    setQuickTarget(null)
    if (refused.current) {
      refused.current = false
      refresh()
    }
  }, [refresh])
  // A drawer opening takes over from the popover: it must not stay on top of the drawer.
  const open = useCallback(
    (reservation: ReservationRecord) => {
      closeQuick()
      if (detail === 'form') {
        router.push(`${adminRoute}/collections/${settings.slugs.reservations}/${encodeURIComponent(reservation.id)}`)
        return
      }
      setOpened(reservation.id)
      openModal(DETAILS_DRAWER)
    },
    [adminRoute, closeQuick, detail, openModal, router, settings.slugs.reservations],
  )
  const book = useCallback(
    (start: null | string, bookedResource: null | ResourceRecord, choice: BookingChoice = {}) => {
      closeQuick()
      setPrefill({
        ...(start ? { startTime: start } : {}),
        ...(bookedResource ? { resource: bookedResource.id } : {}),
        ...(choice.service != null ? { service: choice.service } : {}),
        ...(choice.customer != null ? { customer: choice.customer } : {}),
      })
      openDrawer()
    },
    [closeQuick, openDrawer],
  )
  // A press outside closes an untouched popover before the click lands, so that click opens a
  // new one; a popover asking whether to discard what was typed stays, and the click opens none.
  const quick = useCallback<BookAt>(
    (start, resource, anchor) => setQuickTarget((current) => current ?? { anchor, resource, start }),
    [],
  )
  return {
    book,
    closeDrawer,
    closeQuick,
    CreateDrawer,
    open,
    opened,
    prefill,
    quick,
    quickRefused,
    quickTarget,
    refresh,
    refreshKey,
  }
}
