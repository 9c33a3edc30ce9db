'use client'
import { toast } from '@payloadcms/ui'
import { useContext, useState } from 'react'

import type { HoldReleaseResponse, ReservationDocument } from '../../contract/http.js'

import { useApi } from '../shared/use-api.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { HoldChangeContext } from './hold-change-context.js'

export interface HoldActions {
  /** Turns the hold into its booking, under its id and with its claim: the time is never free between. */
  book: () => Promise<void>
  busy: boolean
  /** Why the server refused, in its words. */
  error: null | string
  /** Gives the held time back at once. */
  release: () => Promise<void>
}

/**
 * What staff do to a hold from the calendar: release it (its holder or privileged staff), or
 * book it (its holder: `POST /reserve/book` with `holdId`, the hold's schedule and customer).
 * Done, a toast names the hold (`described`) and the calendar loads again.
 */
export const useHoldActions = (holdId: string, described: string): HoldActions => {
  const api = useApi()
  const { t } = useReserveTranslation()
  const changed = useContext(HoldChangeContext)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<null | string>(null)

  const run = async (request: () => Promise<unknown>, done: string) => {
    if (busy) {
      return
    }
    setBusy(true)
    setError(null)
    try {
      await request()
      toast.success(done)
      changed()
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('requestFailed'))
      setBusy(false)
    }
  }

  return {
    book: () =>
      run(() => api.send<ReservationDocument>('POST', '/reserve/book', { holdId }), t('quickBooked', { booking: described })),
    busy,
    error,
    release: () =>
      run(
        () => api.send<HoldReleaseResponse>('DELETE', `/reserve/holds/${encodeURIComponent(holdId)}`, {}),
        t('holdReleased', { hold: described }),
      ),
  }
}
