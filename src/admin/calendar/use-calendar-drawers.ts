'use client'
import { useConfig, useDocumentDrawer, useModal } from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { useCallback, useState } from 'react'

import type { AdminSettings, ReservationRecord, ResourceRecord } from '../../plugin/http/contract.js'
import type { ReservationDetail } from './calendar-props.js'

export const DETAILS_DRAWER = 'rl-reservation-details'

export interface CalendarDrawers {
  /** Opens the create form, prefilled with the start and resource clicked, if any. */
  book: (start: null | string, resource: null | ResourceRecord) => void
  closeDrawer: () => void
  CreateDrawer: ReturnType<typeof useDocumentDrawer>[0]
  /** Opens a reservation's details: in the detail drawer, or Payload's form where the site chose it. */
  open: (reservation: ReservationRecord) => void
  /** The reservation whose details are open. */
  opened: null | string
  prefill: Record<string, unknown>
  /** Has the calendar load its reservations again, after a change. */
  refresh: () => void
  refreshKey: number
}

/** The calendar's two drawers, a reservation's details and the create form, and what they changed. */
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
  const [CreateDrawer, , { closeDrawer, openDrawer }] = useDocumentDrawer({
    collectionSlug: settings.slugs.reservations,
  })

  const refresh = useCallback(() => setRefreshKey((key) => key + 1), [])
  const open = useCallback(
    (reservation: ReservationRecord) => {
      if (detail === 'form') {
        router.push(`${adminRoute}/collections/${settings.slugs.reservations}/${encodeURIComponent(reservation.id)}`)
        return
      }
      setOpened(reservation.id)
      openModal(DETAILS_DRAWER)
    },
    [adminRoute, detail, openModal, router, settings.slugs.reservations],
  )
  const book = useCallback(
    (start: null | string, bookedResource: null | ResourceRecord) => {
      setPrefill({
        ...(start ? { startTime: start } : {}),
        ...(bookedResource ? { resource: bookedResource.id } : {}),
      })
      openDrawer()
    },
    [openDrawer],
  )
  return { book, closeDrawer, CreateDrawer, open, opened, prefill, refresh, refreshKey }
}
