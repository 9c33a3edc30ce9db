'use client'
import { useEffect, useState } from 'react'

import type { RecordId, SlotsResponse, TimeRange } from '../../contract/http.js'

import { useApi } from '../shared/use-api.js'

export interface SlotQuery {
  date: string
  /** The reservation being edited: its own time is free to move into. */
  exclude: null | RecordId
  guestCount: number
  resource: null | RecordId
  service: null | RecordId
  /** Changes when the reservation was saved: its claim moved, so the answer is stale. */
  savedAt: number
}

export interface Slots {
  error: null | string
  /** Null while loading, or when resource or service is not chosen yet. */
  slots: null | TimeRange[]
}

/** The free start times of a resource and service on a date, from the slots endpoint. */
export const useSlots = ({ date, exclude, guestCount, resource, savedAt, service }: SlotQuery): Slots => {
  const api = useApi()
  const question = resource === null || service === null ? null : `${resource}|${service}|${date}|${guestCount}|${exclude}|${savedAt}`
  const [answer, setAnswer] = useState<{ question: string } & Slots>({ error: null, question: '', slots: null })

  useEffect(() => {
    if (question === null) {
      return
    }
    const controller = new AbortController()
    api
      .get<SlotsResponse>('/reserve/slots', { date, exclude: exclude ?? undefined, guestCount, resource, service }, controller.signal)
      .then(({ slots }) => setAnswer({ error: null, question, slots }))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) {
          setAnswer({ error: caught instanceof Error ? caught.message : String(caught), question, slots: null })
        }
      })
    return () => controller.abort()
  }, [api, date, exclude, guestCount, question, resource, service])

  return answer.question === question ? answer : { error: null, slots: null }
}
