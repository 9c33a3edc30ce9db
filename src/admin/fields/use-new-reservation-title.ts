'use client'
import { useDocumentInfo, useDocumentTitle, useTranslation } from '@payloadcms/ui'
import { useEffect } from 'react'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'

/**
 * Titles a reservation being created "New reservation" instead of Payload's "[Untitled]",
 * which it shows until a start time is chosen (the start is the collection's title).
 */
export const useNewReservationTitle = (): void => {
  const { id } = useDocumentInfo()
  const { setDocumentTitle, title } = useDocumentTitle()
  const { i18n } = useTranslation()
  const { t } = useReserveTranslation()
  const untitled = `[${i18n.t('general:untitled')}]`
  useEffect(() => {
    if ((id !== undefined && id !== null && id !== '') || (title && title !== untitled)) {
      return undefined
    }
    // After the document's own effects, which title it on mount, in the same commit.
    const frame = requestAnimationFrame(() => setDocumentTitle(t('newReservation')))
    return () => cancelAnimationFrame(frame)
  }, [id, setDocumentTitle, t, title, untitled])
}
