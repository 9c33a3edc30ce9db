'use client'
import { toast } from '@payloadcms/ui'
import { useContext, useState } from 'react'

import { orThrow } from '../../api-client/or-throw.js'
import { useReserveClient } from '../shared/use-reserve-client.js'
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
  const reserve = useReserveClient()
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
      run(() => reserve.book({ body: { holdId } }).then(orThrow), t('quickBooked', { booking: described })),
    busy,
    error,
    release: () =>
      run(
        () => reserve.releaseHold({ body: {}, params: { id: holdId } }).then(orThrow),
        t('holdReleased', { hold: described }),
      ),
  }
}
