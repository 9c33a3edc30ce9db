'use client'
import { useSyncExternalStore } from 'react'

/** A phone held upright: where seven days of columns no longer fit side by side. */
export const NARROW_SCREEN = '(max-width: 640px)'

const subscribe = (onChange: () => void): (() => void) => {
  const query = window.matchMedia(NARROW_SCREEN)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** Whether the screen is narrow, following it as it turns; wide on the server, which cannot know. */
export const useNarrowScreen = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_SCREEN).matches,
    () => false,
  )
