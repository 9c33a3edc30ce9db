'use client'
import { useEffect } from 'react'

import type { CalendarMode } from './modes.js'

/**
 * Keeps the calendar's mode, date and resource in the address, so a reload, a shared link or the
 * back button return to the same page. Replaces the entry rather than pushing one per click.
 */
export const useCalendarURL = (mode: CalendarMode, date: string, resource: null | string): void => {
  useEffect(() => {
    const url = new URL(window.location.href)
    url.searchParams.set('view', mode)
    url.searchParams.set('date', date)
    if (resource) {
      url.searchParams.set('resource', resource)
    } else {
      url.searchParams.delete('resource')
    }
    if (url.href !== window.location.href) {
      window.history.replaceState(window.history.state, '', url)
    }
  }, [date, mode, resource])
}
