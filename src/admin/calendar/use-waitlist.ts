'use client'
import { useEffect, useState } from 'react'

import type { AdminSettings, WaitlistEntryRecord } from '../../contract/http.js'

import { orThrow } from '../../api-client/or-throw.js'
import { ReserveApiError } from '../../api-client/reserve-api-error.js'
import { dayBounds } from '../shared/calendar-dates.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveClient } from '../shared/use-reserve-client.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

/** What an offer answered, per entry: placed (with until when), or refused and why. */
export interface OfferAnswer {
  kind: 'offered' | 'refused'
  text: string
}

export interface Waitlist {
  /** Per entry: the answer to an offer made here, else an offered entry's until when. */
  answers: Record<string, OfferAnswer>
  /** The waiting entries of the dates shown, the offered ones while their hold lasts (and those offered from here), oldest first; null while loading. */
  entries: null | WaitlistEntryRecord[]
  /** Offers the entry the time it asked for, on its resource (else `resource`): a hold for its contact. */
  offer: (entry: WaitlistEntryRecord, resource: null | string) => Promise<void>
}

/**
 * The waitlist beside the calendar, for privileged staff: the entries waiting or offered over the
 * dates shown (`GET /reserve/waitlist`; an offered one says until when its hold lasts, whoever
 * offered it), and a hand-made offer of a freed time
 * (`POST /reserve/waitlist/{id}/offer`), its answer said in the user's language. An offer
 * placed, `onOffered` has the calendar show the hold.
 */
export const useWaitlist = (settings: AdminSettings, dates: string[], refreshKey: number, onOffered: () => void): Waitlist => {
  const reserve = useReserveClient()
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
    reserve
      .listWaitlist({ query: { end, start } }, { signal: controller.signal })
      .then(orThrow)
      .then((answer) => setEntries(answer.entries))
      .catch(() => controller.signal.aborted || setEntries([]))
    return () => controller.abort()
  }, [first, last, refreshKey, reserve, settings.timezone])

  const heldUntil = (expiresAt: string): OfferAnswer => ({ kind: 'offered', text: t('waitlistOffered', { time: format.time(expiresAt) }) })

  const offer: Waitlist['offer'] = async (entry, resource) => {
    try {
      const answer = await reserve.offerWaitlist({
        body: { ...(entry.resource === null && resource !== null ? { resource } : {}), startTime: entry.from },
        params: { id: entry.entryId },
      })
      const offered = orThrow(answer)
      setAnswers((was) => ({ ...was, [entry.entryId]: heldUntil(offered.expiresAt) }))
      onOffered()
    } catch (caught) {
      const text = caught instanceof ReserveApiError && caught.status === 409 ? t('waitlistTaken') : caught instanceof Error ? caught.message : t('requestFailed')
      setAnswers((was) => ({ ...was, [entry.entryId]: { kind: 'refused', text } }))
      // A 409 may mean the entry was offered meanwhile (the background pass, another tab): the reload says so.
      onOffered()
    }
  }

  // Offered entries show while their hold lasts; one offered here keeps its answer whatever a reload finds.
  // A live offer in the list outranks a refusal given here: whoever offered it, "held until" is what is true now.
  const shown = entries && entries.filter((entry) => entry.status === 'waiting' || entry.offerExpiresAt !== null || entry.entryId in answers)
  const offeredAnswers = Object.fromEntries(
    (shown ?? []).flatMap((entry) => (entry.offerExpiresAt ? [[entry.entryId, heldUntil(entry.offerExpiresAt)]] : [])),
  )
  return { answers: { ...answers, ...offeredAnswers }, entries: shown, offer }
}
