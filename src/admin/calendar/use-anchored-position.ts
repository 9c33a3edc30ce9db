'use client'
import { type RefObject, useLayoutEffect, useState } from 'react'

import { placePopover } from './popover-placement.js'

/**
 * Where a popover sits beside its anchor (`placePopover`), in page coordinates. It follows its
 * own size (an error shown, a list opened) and the window's.
 */
export const useAnchoredPosition = (
  anchor: HTMLElement,
  popover: RefObject<HTMLElement | null>,
): { left: number; top: number } | null => {
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null)

  useLayoutEffect(() => {
    const element = popover.current
    if (!element) {
      return undefined
    }
    const place = () => {
      const { left, top } = placePopover(
        anchor.getBoundingClientRect(),
        { height: element.offsetHeight, width: element.offsetWidth },
        { height: window.innerHeight, width: window.innerWidth },
        getComputedStyle(anchor).direction === 'rtl',
      )
      setPosition({ left: left + window.scrollX, top: top + window.scrollY })
    }
    place()
    const observer = new ResizeObserver(place)
    observer.observe(element)
    window.addEventListener('resize', place)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', place)
    }
  }, [anchor, popover])

  return position
}
