'use client'
import { useEffect, useState } from 'react'

import type { RecordId, TimeRange } from '../../contract/http.js'

import { orThrow } from '../../api-client/or-throw.js'
import { useReserveClient } from '../shared/use-reserve-client.js'

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
  const reserve = useReserveClient()
  const question = resource === null || service === null ? null : `${resource}|${service}|${date}|${guestCount}|${exclude}|${savedAt}`
  const [answer, setAnswer] = useState<{ question: string } & Slots>({ error: null, question: '', slots: null })

  useEffect(() => {
    if (question === null || resource === null || service === null) {
      return
    }
    const controller = new AbortController()
    reserve
      .getSlots({ query: { date, exclude: exclude ?? undefined, guestCount, resource, service } }, { signal: controller.signal })
      .then(orThrow)
      .then(({ slots }) => setAnswer({ error: null, question, slots }))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) {
          setAnswer({ error: caught instanceof Error ? caught.message : String(caught), question, slots: null })
        }
      })
    return () => controller.abort()
  }, [date, exclude, guestCount, question, reserve, resource, service])

  return answer.question === question ? answer : { error: null, slots: null }
}
