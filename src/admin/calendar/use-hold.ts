'use client'
import { toast } from '@payloadcms/ui'
import { useState } from 'react'

import type { AdminSettings } from '../../contract/http.js'
import type { QuickCreate } from './use-quick-create.js'

import { orThrow } from '../../api-client/or-throw.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveClient } from '../shared/use-reserve-client.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

export interface QuickHold {
  busy: boolean
  /** Why the server refused, in its words. */
  error: null | string
  /** Holds the popover's choice; a refusal stays in the popover. */
  place: (customerName: string) => Promise<void>
}

/**
 * The popover's other way out: the same body held (`POST /reserve/holds`) rather than booked,
 * while a receptionist on the phone waits for the customer's word. Held, a toast says until
 * when and `onHeld` closes; refused, `onRefused` is told, as for a booking.
 */
export const useQuickHold = (settings: AdminSettings, start: string, form: QuickCreate, onHeld: () => void, onRefused: () => void): QuickHold => {
  const reserve = useReserveClient()
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<null | string>(null)

  const place = async (customerName: string): Promise<void> => {
    if (!form.ready || busy || form.busy || form.resource === null) {
      return
    }
    setBusy(true)
    setError(null)
    try {
      const held = orThrow(
        await reserve.placeHold({ body: { customer: form.customer, resource: form.resource.id, service: form.service, startTime: start } }),
      )
      toast.success(t('quickHeld', { booking: `${customerName}, ${format.dateTime(held.startTime)}`, time: format.time(held.expiresAt) }))
      onHeld()
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('requestFailed'))
      setBusy(false)
      onRefused()
    }
  }

  return { busy, error, place }
}
