'use client'
import { useState } from 'react'

import type { RecurrenceBody, Repeats } from './repeats.js'
import type { SeriesBooking, SeriesPreviewState } from './use-series-preview.js'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { initialRepeats, recurrenceOf } from './repeats.js'
import { useSeriesPreview } from './use-series-preview.js'

/** What Book sends for a series: `partial` books the free occurrences when the preview found some not free. */
export interface SeriesRequest {
  partial: boolean
  recurrence: RecurrenceBody
}

export interface RepeatsChoice {
  /** Book's label for a series whose preview answered: how many it books; null otherwise. */
  bookLabel: null | string
  change: (patch: Partial<Repeats>) => void
  /** Occurrences the preview found free; null until it answered (or when not repeating). */
  free: null | number
  preview: SeriesPreviewState
  repeats: Repeats
  /** Null when the booking does not repeat. */
  series: null | SeriesRequest
  /** Whether Book may go: once, or a series with a preview that has a free occurrence. */
  settled: boolean
}

/**
 * The "Repeats…" choice of a booking at `booking.startTime`, and the preview of its occurrences.
 * `refresh` asks the preview again when it changes (a refused booking: the times changed).
 */
export const useRepeats = (booking: SeriesBooking, timeZone: string, refresh: unknown, onChange: () => void): RepeatsChoice => {
  const { t } = useReserveTranslation()
  const [repeats, setRepeats] = useState(() => initialRepeats(booking.startTime, timeZone))
  const recurrence = recurrenceOf(repeats)
  const preview = useSeriesPreview(booking, recurrence, refresh)
  const occurrences = recurrence === null || preview.loading ? null : preview.occurrences
  const free = occurrences === null ? null : occurrences.filter((occurrence) => occurrence.free).length
  const change = (patch: Partial<Repeats>) => {
    setRepeats((was) => ({ ...was, ...patch }))
    onChange()
  }
  const partial = free !== null && occurrences !== null && free < occurrences.length
  return {
    bookLabel: recurrence === null || free === null ? null : t(partial ? 'quickBookFree' : 'quickBookSeries', { count: free }),
    change,
    free,
    preview,
    repeats,
    series: recurrence && { partial, recurrence },
    settled: repeats.frequency === 'none' || (free !== null && free > 0),
  }
}
