'use client'
import { useEffect, useState } from 'react'

import type { OccurrencePreview, RecordId } from '../../contract/http.js'
import type { RecurrenceBody } from './repeats.js'

import { orThrow } from '../../api-client/or-throw.js'
import { useReserveClient } from '../shared/use-reserve-client.js'

/** The booking a series repeats: what the popover has chosen so far. */
export interface SeriesBooking {
  customer: null | RecordId | undefined
  resource: null | RecordId
  service: null | RecordId | undefined
  startTime: string
}

export interface SeriesPreviewState {
  /** Why the server refused the preview (a malformed choice, most often). */
  error: null | string
  /** Waiting for the answer to the latest choice. */
  loading: boolean
  /** The answer to the latest choice that had one; null before the first. */
  occurrences: null | OccurrencePreview[]
}

/** Typing a count or a date settles before the server is asked. */
const PAUSE_MS = 250

const IDLE: SeriesPreviewState = { error: null, loading: false, occurrences: null }

/**
 * Each occurrence of the series free or taken, from `POST /reserve/series-preview`, asked again
 * whenever the booking or its recurrence changes, or `refresh` does (a refused booking: the
 * times changed). An answer to an earlier choice that arrives late is dropped.
 */
export const useSeriesPreview = (booking: SeriesBooking, recurrence: null | RecurrenceBody, refresh: unknown): SeriesPreviewState => {
  const reserve = useReserveClient()
  const [state, setState] = useState<SeriesPreviewState>(IDLE)
  const { customer, resource, service, startTime } = booking
  const body =
    recurrence === null || resource === null || service == null
      ? null
      : JSON.stringify({ ...(customer == null ? {} : { customer }), recurrence, resource, service, startTime })

  useEffect(() => {
    if (body === null) {
      setState(IDLE)
      return undefined
    }
    let current = true
    setState((was) => ({ ...was, loading: true }))
    const timer = window.setTimeout(() => {
      reserve
        .previewSeries({ body: JSON.parse(body) })
        .then(orThrow)
        .then(({ occurrences }) => current && setState({ error: null, loading: false, occurrences }))
        .catch((caught: unknown) => {
          if (current) {
            setState({ error: caught instanceof Error ? caught.message : String(caught), loading: false, occurrences: null })
          }
        })
    }, PAUSE_MS)
    return () => {
      current = false
      window.clearTimeout(timer)
    }
  }, [body, refresh, reserve])

  return state
}
