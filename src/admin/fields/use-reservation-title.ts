'use client'
import { useDocumentTitle, useFormFields } from '@payloadcms/ui'
import { useEffect } from 'react'

import { whenLabel } from '../shared/time-span.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

const text = (value: unknown): null | string => (typeof value === 'string' && value !== '' ? value : null)

/**
 * Titles the reservation by its start in the plugin's zone, named ("Wed, Dec 9, 2026, 2:00 PM
 * GMT+1", or the day for a full-day booking), where Payload would format the start, the
 * collection's title, in the browser's zone; "New reservation" until a start is chosen, where
 * Payload says "[Untitled]". The drawer's heading, the breadcrumb and the tab read this title.
 */
export const useReservationTitle = (timeZone: string): void => {
  const { setDocumentTitle, title } = useDocumentTitle()
  const { t } = useReserveTranslation()
  const format = useFormatters(timeZone)
  const startTime = useFormFields(([fields]) => text(fields.startTime?.value))
  const endTime = useFormFields(([fields]) => text(fields.endTime?.value))
  const wanted = startTime ? whenLabel({ endTime, startTime }, format, t, timeZone) : t('newReservation')
  useEffect(() => {
    if (title === wanted) {
      return undefined
    }
    // After the document's own effects, which title it on mount and after each save.
    const frame = requestAnimationFrame(() => setDocumentTitle(wanted))
    return () => cancelAnimationFrame(frame)
  }, [setDocumentTitle, title, wanted])
}
