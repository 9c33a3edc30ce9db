'use client'
import { useField, useFormFields, useFormProcessing } from '@payloadcms/ui'
import React, { useEffect, useId } from 'react'

import type { AdminSettings } from '../../contract/http.js'
import type { SeriesBooking } from '../repeats/use-series-preview.js'

import { RepeatsField } from '../repeats/RepeatsField.js'
import { useRepeats } from '../repeats/use-repeats.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { useBookingFields } from './use-booking-fields.js'
import '../calendar/quick-create.css'
import './repeats-form-field.css'

interface Props {
  path: string
  settings: AdminSettings
}

/**
 * "Repeats…" in a new reservation's form: the quick-create's choice and preview of the
 * occurrences, kept in the form's `recurrence` and `partial`, which Payload's own save sends (the
 * collection books the series). Until the start is known there is nothing to repeat.
 */
export const RepeatsFormField: React.FC<Props> = ({ path, settings }) => {
  const startTime = useFormFields(([fields]) => fields.startTime?.value)
  const start = typeof startTime === 'string' && startTime !== '' ? startTime : null
  return (
    <div className="field-type rl-repeats-form">
      {start === null ? null : <FormRepeats path={path} settings={settings} startTime={start} />}
    </div>
  )
}

const FormRepeats: React.FC<Props & { startTime: string }> = ({ path, settings, startTime }) => {
  const { t } = useReserveTranslation()
  const partialId = useId()
  const { resource, service } = useBookingFields('startTime')
  const customer = useFormFields(([fields]) => fields.customer?.value) as SeriesBooking['customer']
  const booking: SeriesBooking = { customer: customer === '' ? null : customer, resource, service, startTime }
  // A refused save (a time taken meanwhile) asks for the occurrences again.
  const processing = useFormProcessing()
  const choice = useRepeats(booking, settings.timezone, processing, () => undefined)
  const { setValue: setRecurrence } = useField<unknown>({ path })
  const { setValue: setPartial, value: onlyFree } = useField<boolean | null>({ path: 'partial' })
  const taken = choice.free !== null && choice.series?.partial === true
  const recurrence = choice.series === null ? null : JSON.stringify(choice.series.recurrence)

  useEffect(() => {
    setRecurrence(recurrence === null ? null : JSON.parse(recurrence), recurrence === null)
  }, [recurrence, setRecurrence])
  useEffect(() => {
    // Some times are taken: booking the free ones is offered, and chosen until unticked.
    setPartial(taken ? (onlyFree ?? true) : null, !taken)
  }, [onlyFree, setPartial, taken])

  return (
    <>
      <RepeatsField choice={choice} timezone={settings.timezone} />
      {taken && (
        <label className="rl-repeats-form__partial" htmlFor={partialId}>
          <input checked={onlyFree !== false} id={partialId} onChange={(event) => setPartial(event.target.checked)} type="checkbox" />
          {t('repeatsPartial')}
        </label>
      )}
    </>
  )
}
