'use client'
import { type RefObject, useLayoutEffect, useState } from 'react'

/** Kept free between the popover and the screen's edges, and between it and its anchor. */
const MARGIN = 8

const clamp = (value: number, low: number, high: number): number => Math.max(low, Math.min(value, Math.max(low, high)))

/**
 * Where a popover sits beside its anchor, in page coordinates: after it in the reading direction
 * (right, or left in RTL), else before it, else below or above it, always inside the screen. It
 * follows its own size (an error shown, a list opened) and the window's.
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
      const rect = anchor.getBoundingClientRect()
      const width = element.offsetWidth
      const height = element.offsetHeight
      const { innerHeight, innerWidth } = window
      const rtl = getComputedStyle(anchor).direction === 'rtl'
      const after = rtl ? rect.left - MARGIN - width : rect.right + MARGIN
      const before = rtl ? rect.right + MARGIN : rect.left - MARGIN - width
      const fits = (left: number) => left >= MARGIN && left + width <= innerWidth - MARGIN
      const side = fits(after) ? after : fits(before) ? before : null
      let left: number
      let top: number
      if (side !== null) {
        left = side
        top = clamp(rect.top, MARGIN, innerHeight - height - MARGIN)
      } else {
        left = clamp(rect.left + rect.width / 2 - width / 2, MARGIN, innerWidth - width - MARGIN)
        const below = rect.bottom + MARGIN
        top = below + height <= innerHeight - MARGIN ? below : clamp(rect.top - MARGIN - height, MARGIN, innerHeight - height - MARGIN)
      }
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
