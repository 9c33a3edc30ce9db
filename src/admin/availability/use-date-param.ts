'use client'
import { useEffect } from 'react'

/** Keeps `date` in the address, so a reload or a shared link shows the same days. */
export const useDateParam = (date: string): void => {
  useEffect(() => {
    const url = new URL(window.location.href)
    url.searchParams.set('date', date)
    window.history.replaceState(window.history.state, '', url)
  }, [date])
}
