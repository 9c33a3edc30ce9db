'use client'
import { createContext } from 'react'

/** The booking the calendar was last asked to show (by the search), and when, so asking again shows it again. */
export interface Highlight {
  at: number
  id: string
}

export const HighlightedBooking = createContext<Highlight | null>(null)
