'use client'
import { useEffect, useState } from 'react'

import type { AdminSettings, WaitlistEntryRecord, WaitlistListResponse, WaitlistOfferResponse } from '../../contract/http.js'

import { dayBounds } from '../shared/calendar-dates.js'
import { ApiError, useApi } from '../shared/use-api.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

/** What an offer answered, per entry: placed (with until when), or refused and why. */
export interface OfferAnswer {
  kind: 'offered' | 'refused'
  text: string
}

export interface Waitlist {
  answers: Record<string, OfferAnswer>
  /** The waiting entries of the dates shown (and those offered from here), oldest first; null while loading. */
  entries: null | WaitlistEntryRecord[]
  /** Offers the entry the time it asked for, on its resource (else `resource`): a hold for its contact. */
  offer: (entry: WaitlistEntryRecord, resource: null | string) => Promise<void>
}

/**
 * The waitlist beside the calendar, for privileged staff: the entries waiting over the dates
 * shown (`GET /reserve/waitlist`), and a hand-made offer of a freed time
 * (`POST /reserve/waitlist/{id}/offer`), its answer said in the user's language. An offer
 * placed, `onOffered` has the calendar show the hold.
 */
export const useWaitlist = (settings: AdminSettings, dates: string[], refreshKey: number, onOffered: () => void): Waitlist => {
  const api = useApi()
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const [entries, setEntries] = useState<null | WaitlistEntryRecord[]>(null)
  const [answers, setAnswers] = useState<Record<string, OfferAnswer>>({})
  const first = dates[0]
  const last = dates[dates.length - 1]

  useEffect(() => {
    if (!first || !last) {
      return undefined
    }
    const controller = new AbortController()
    const start = new Date(dayBounds(first, settings.timezone).start).toISOString()
    const end = new Date(dayBounds(last, settings.timezone).end).toISOString()
    api
      .get<WaitlistListResponse>('/reserve/waitlist', { end, start }, controller.signal)
      .then((answer) => setEntries(answer.entries))
      .catch(() => controller.signal.aborted || setEntries([]))
    return () => controller.abort()
  }, [api, first, last, refreshKey, settings.timezone])

  const offer: Waitlist['offer'] = async (entry, resource) => {
    try {
      const offered = await api.send<WaitlistOfferResponse>('POST', `/reserve/waitlist/${encodeURIComponent(entry.entryId)}/offer`, {
        ...(entry.resource === null && resource !== null ? { resource } : {}),
        startTime: entry.from,
      })
      setAnswers((was) => ({ ...was, [entry.entryId]: { kind: 'offered', text: t('waitlistOffered', { time: format.time(offered.expiresAt) }) } }))
      onOffered()
    } catch (caught) {
      const text = caught instanceof ApiError && caught.status === 409 ? t('waitlistTaken') : caught instanceof Error ? caught.message : t('requestFailed')
      setAnswers((was) => ({ ...was, [entry.entryId]: { kind: 'refused', text } }))
    }
  }

  // An entry offered here stays, with its answer, when the reload after the offer finds it offered.
  const shown = entries && entries.filter((entry) => entry.status === 'waiting' || entry.entryId in answers)
  return { answers, entries: shown, offer }
}
