'use client'
import { useEffect, useState } from 'react'

import type { ReserveClient } from '../api-client/endpoint-types.js'
import type { FreeSlot } from './free-slot.js'

import { freeSlotsOn, type OwnHold, type SlotsQuestion } from './find-free-slots.js'

export interface FreeSlotsState {
  error: null | string
  /** Null while loading or before a service is chosen. */
  slots: FreeSlot[] | null
}

/**
 * The free times of a day for a service on the chosen resource (or any of those offering it).
 * `hold` counts the guest's own held time as free; `version` asks again when it changes.
 */
export const useFreeSlots = (
  client: ReserveClient,
  question: null | SlotsQuestion,
  date: string,
  { hold = null, version = 0 }: { hold?: null | OwnHold; version?: number } = {},
): FreeSlotsState => {
  const key = question === null ? null : [question.service, question.duration, ...question.resources.map(({ id }) => id), date, hold?.holdId, version].join('|')
  const [answer, setAnswer] = useState<{ key: null | string } & FreeSlotsState>({ error: null, key: null, slots: null })
  useEffect(() => {
    if (question === null || key === null) {
      return
    }
    const controller = new AbortController()
    freeSlotsOn(client, question, date, { hold, signal: controller.signal })
      .then((slots) => setAnswer({ error: null, key, slots }))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) {
          setAnswer({ error: caught instanceof Error ? caught.message : String(caught), key, slots: null })
        }
      })
    return () => controller.abort()
    // `key` names everything the answer depends on; the objects are new on every render.
  }, [client, key])
  return answer.key === key ? { error: answer.error, slots: answer.slots } : { error: null, slots: null }
}
