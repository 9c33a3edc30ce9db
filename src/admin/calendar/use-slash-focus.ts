'use client'
import { type RefObject, useEffect } from 'react'

/** Whether a key press belongs to what has the focus (typing into a field), not to the page. */
const typingInto = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.matches('input, textarea, select, [role="combobox"], [role="textbox"]'))

/** "/" anywhere on the page, outside a field, puts the cursor into `input`, as in Google Calendar. */
export const useSlashFocus = (input: RefObject<HTMLInputElement | null>): void => {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.key !== '/' ||
        event.ctrlKey ||
        event.metaKey ||
        event.altKey ||
        event.defaultPrevented ||
        typingInto(event.target)
      ) {
        return
      }
      event.preventDefault()
      input.current?.focus()
      input.current?.select()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [input])
}
