'use client'
import { createContext } from 'react'

/** Has the calendar load again once a hold shown on it was released or booked from it. */
export const HoldChangeContext = createContext<() => void>(() => undefined)
