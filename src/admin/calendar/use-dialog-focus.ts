'use client'
import { type RefObject, useEffect, useRef } from 'react'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Keeps the keyboard inside a dialog while it is open: focus moves into it, Tab and Shift+Tab
 * cycle through its controls, Escape or a press outside it asks to close (`onClose`), and on
 * closing focus returns to where the dialog was opened from. An open list (a combobox's) takes
 * its Escape first.
 */
export const useDialogFocus = (dialog: RefObject<HTMLElement | null>, returnTo: HTMLElement, onClose: () => void): void => {
  // The latest callback, without moving focus again each time it changes.
  const close = useRef(onClose)
  close.current = onClose
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
        close.current()
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
        close.current()
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
