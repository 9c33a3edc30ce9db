'use client'
import { useFormModified, useModal } from '@payloadcms/ui'
import { type RefObject, useEffect } from 'react'

/** Payload's "leave without saving?" modal of a document drawer (its DocumentDrawerHeader). */
const LEAVE_DRAWER_MODAL = 'leave-without-saving-doc-drawer'

/**
 * Escape in a drawer whose form has unsaved changes asks first, as the drawer's close button
 * does, instead of discarding what was typed. Escape is caught before the drawer sees it.
 */
export const useEscapeGuard = (anchor: RefObject<HTMLElement | null>): void => {
  const modified = useFormModified()
  const { isModalOpen, openModal } = useModal()
  useEffect(() => {
    const drawer = anchor.current?.closest('.doc-drawer')
    if (!modified || !drawer) {
      return undefined
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || isModalOpen(LEAVE_DRAWER_MODAL) || !drawer.contains(document.activeElement ?? null)) {
        return
      }
      event.stopImmediatePropagation()
      event.preventDefault()
      openModal(LEAVE_DRAWER_MODAL)
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [anchor, isModalOpen, modified, openModal])
}
