'use client'
import { createContext, useContext } from 'react'

/** What the calendar hands the reservation detail it opens: the props of `ReservationDrawer` but `settings`. */
export interface ReservationDetailProps {
  /** The slug of the drawer the calendar opens (`useModal().openModal(drawerSlug)`) when a reservation is clicked. */
  drawerSlug: string
  /** Call after changing the reservation, so the calendar behind it shows the change. */
  onChanged: () => void
  /** The reservation clicked last; null before the first. */
  reservationId: null | string
}

export const ReservationDetailContext = createContext<null | ReservationDetailProps>(null)

/**
 * In a site's reservation detail (the `components.reservationDetail` option): which reservation
 * the calendar opened, and in which drawer.
 */
export const useReservationDetail = (): ReservationDetailProps => {
  const detail = useContext(ReservationDetailContext)
  if (detail === null) {
    throw new Error('useReservationDetail is for the reservation detail the calendar renders (components.reservationDetail)')
  }
  return detail
}
