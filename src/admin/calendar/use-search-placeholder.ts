'use client'
import { type RefObject, useEffect } from 'react'

/**
 * Payload names the list's search box after the fields it matches by name ("Search by Start
 * Time", the title field, since the booker's name and e-mail are paths through a relationship and
 * a group). The box under `container` is told what it really searches, and told again whenever
 * Payload renders it anew.
 */
export const useSearchPlaceholder = (container: RefObject<HTMLElement | null>, text: string): void => {
  useEffect(() => {
    const root = container.current
    if (!root) {
      return
    }
    const apply = () => {
      const input = root.querySelector<HTMLInputElement>('#search-filter-input')
      if (input && input.placeholder !== text) {
        input.placeholder = text
      }
    }
    apply()
    const observer = new MutationObserver(apply)
    observer.observe(root, { attributeFilter: ['placeholder'], attributes: true, childList: true, subtree: true })
    return () => observer.disconnect()
  }, [container, text])
}
