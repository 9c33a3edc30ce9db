'use client'
import { type RefObject, useEffect, useRef } from 'react'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Keeps the keyboard inside a dialog while it is open: focus moves into it, Tab and Shift+Tab
 * cycle through its controls, Escape and a press outside it are told (`onEscape`, `onOutside`),
 * and on closing focus returns to where the dialog was opened from. An open list (a
 * combobox's) takes its Escape first.
 */
export const useDialogFocus = (
  dialog: RefObject<HTMLElement | null>,
  returnTo: HTMLElement,
  handlers: { onEscape: () => void; onOutside: () => void },
): void => {
  // The latest handlers, without moving focus again each time they change.
  const latest = useRef(handlers)
  latest.current = handlers
  useEffect(() => {
    const element = dialog.current
    if (!element) {
      return undefined
    }
    const focusables = () => Array.from(element.querySelectorAll<HTMLElement>(FOCUSABLE))
    focusables()[0]?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        // Never the search box's own Escape, which would clear what was typed without asking.
        event.preventDefault()
        if ((event.target as HTMLElement | null)?.getAttribute?.('aria-expanded') === 'true') {
          return
        }
        event.stopPropagation()
        latest.current.onEscape()
        return
      }
      if (event.key !== 'Tab') {
        return
      }
      const list = focusables()
      const first = list[0]
      const last = list[list.length - 1]
      if (!first || !last) {
        return
      }
      const inside = element.contains(document.activeElement)
      if (event.shiftKey && (!inside || document.activeElement === first)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
        event.preventDefault()
        first.focus()
      }
    }
    const onPress = (event: PointerEvent) => {
      if (!element.contains(event.target as Node)) {
        latest.current.onOutside()
      }
    }
    document.addEventListener('keydown', onKey, true)
    document.addEventListener('pointerdown', onPress, true)
    return () => {
      document.removeEventListener('keydown', onKey, true)
      document.removeEventListener('pointerdown', onPress, true)
      if (returnTo.isConnected) {
        returnTo.focus({ preventScroll: true })
      }
    }
  }, [dialog, returnTo])
}
