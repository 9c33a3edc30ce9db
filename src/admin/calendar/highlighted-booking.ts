'use client'
import { createContext } from 'react'

/** The booking the calendar was last asked to show (by the search), and when, so asking again shows it again. */
export interface Highlight {
  at: number
  id: string
  /** The page (mode, date, resource) it was shown on: moving off that page ends the highlight. */
  page: string
}

export const pageKey = (page: { date: string; mode: string; resource: null | string }): string =>
  `${page.mode}|${page.date}|${page.resource ?? ''}`

export const HighlightedBooking = createContext<Highlight | null>(null)
