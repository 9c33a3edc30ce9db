'use client'
import { toast } from '@payloadcms/ui'
import { useState } from 'react'

import type { AdminSettings, RecordId, ReservationDocument, ResourceRecord, SeriesBooked } from '../../contract/http.js'
import type { BookingChoice } from './use-calendar-drawers.js'
import type { SeriesRequest } from '../repeats/use-repeats.js'

import { orThrow } from '../../api-client/or-throw.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveClient } from '../shared/use-reserve-client.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

export interface QuickCreate extends BookingChoice {
  /** Waiting for the server's answer. */
  busy: boolean
  /** Takes a choice; one the user made (`byUser`) is something closing would throw away. */
  choose: (choice: { customer?: null | RecordId; resource?: null | ResourceRecord; service?: null | RecordId }, byUser?: boolean) => void
  /** Why the server refused, in its words. */
  error: null | string
  /** Whether resource, service and customer are all chosen. */
  ready: boolean
  resource: null | ResourceRecord
  /** Books through the ledger, once or as a series; a refusal stays in the popover. */
  submit: (customerName: string, series?: null | SeriesRequest) => Promise<void>
  /** Something the user chose that closing would throw away. */
  touched: boolean
}

/**
 * The popover's booking: the resource (the lane's, or the only one the user may book, else
 * chosen), the service and the customer, booked with `POST /reserve/book` as the signed-in user,
 * the same path and rules as the full form, with `recurrence` for a series. Booked, a toast names it and `onBooked` closes;
 * refused, `onRefused` is told (the calendar behind may not show what took the time).
 */
export const useQuickCreate = (
  settings: AdminSettings,
  start: string,
  initial: null | ResourceRecord,
  onBooked: () => void,
  onRefused: () => void,
): QuickCreate => {
  const reserve = useReserveClient()
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const [resource, setResource] = useState(initial)
  const [service, setService] = useState<null | RecordId>(null)
  const [customer, setCustomer] = useState<null | RecordId>(null)
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<null | string>(null)
  const ready = resource !== null && service !== null && customer !== null

  const choose: QuickCreate['choose'] = (choice, byUser = true) => {
    if (choice.resource !== undefined) {
      setResource(choice.resource)
      // Another resource offers other services.
      setService(null)
    }
    if (choice.service !== undefined) {
      setService(choice.service)
    }
    if (choice.customer !== undefined) {
      setCustomer(choice.customer)
    }
    setTouched((was) => was || byUser)
    setError(null)
  }

  const submit = async (customerName: string, series: null | SeriesRequest = null): Promise<void> => {
    // Not `ready`, spelled out so that the ids below are known to be given.
    if (busy || resource === null || service === null || customer === null) {
      return
    }
    setBusy(true)
    setError(null)
    try {
      const body = { customer, resource: resource.id, service, startTime: start }
      if (series) {
        // With a recurrence the answer is the series.
        const { reservations, skipped } = orThrow(await reserve.book({ body: { ...body, ...series } })) as SeriesBooked
        const booking = `${customerName}, ${format.dateTime(reservations[0].startTime)}`
        toast.success(t('quickBookedSeries', { booking, count: reservations.length, total: reservations.length + skipped.length }))
      } else {
        const booked = orThrow(await reserve.book({ body })) as ReservationDocument
        toast.success(t('quickBooked', { booking: `${customerName}, ${format.dateTime(booked.startTime)}` }))
      }
      onBooked()
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('requestFailed'))
      setBusy(false)
      onRefused()
    }
  }

  return { busy, choose, customer, error, ready, resource, service, submit, touched }
}
