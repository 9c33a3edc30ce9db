'use client'
import type { DateFieldClientProps } from 'payload'

import { useDocumentInfo, useField } from '@payloadcms/ui'
import React from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { SlotDayNav } from './SlotDayNav.js'
import { SlotList, type SlotsAwait } from './SlotList.js'
import { useBookingFields } from './use-booking-fields.js'
import { usePickerDate } from './use-picker-date.js'
import { useSlots } from './use-slots.js'
import { ZonedDateTimeField } from './ZonedDateTimeField.js'
import './slot-picker-field.css'

type Props = DateFieldClientProps & { settings: AdminSettings }

const awaiting = (resource: unknown, service: unknown): SlotsAwait => {
  if (resource === null) {
    return service === null ? 'both' : 'resource'
  }
  return service === null ? 'service' : null
}

/**
 * The start time, typed in (in the plugin's zone) or picked from the free start times of the chosen
 * resource and service on a day. Picking one also sets the end time the slot ends at. Editing a
 * booking, its own time counts as free (it may move by a quarter hour) and the times are asked
 * again after each save.
 */
export const SlotPickerField: React.FC<Props> = (props) => {
  const { path: pathFromProps, readOnly, settings, ...fieldProps } = props
  const { t } = useReserveTranslation()
  const { path, setValue, value } = useField<null | string>({ potentiallyStalePath: pathFromProps })
  const { guestCount, resource, service, setEndTime } = useBookingFields(path)
  const start = typeof value === 'string' && value !== '' ? value : null
  const [date, setDate] = usePickerDate(start, settings.timezone)
  const { id, lastUpdateTime } = useDocumentInfo()
  const { error, slots } = useSlots({ date, exclude: id ?? null, guestCount, resource, savedAt: lastUpdateTime, service })

  return (
    <div className="rl-slot-picker">
      <ZonedDateTimeField {...fieldProps} path={pathFromProps} readOnly={readOnly} settings={settings} />
      {!readOnly && (
        <section aria-label={t('freeStartTimes')} className="rl-slot-picker__panel">
          <div className="rl-slot-picker__head">
            <span className="rl-slot-picker__title">{t('freeStartTimes')}</span>
            <SlotDayNav date={date} onDate={setDate} />
          </div>
          <SlotList
            awaiting={awaiting(resource, service)}
            error={error}
            onPick={(slot) => {
              setValue(slot.start)
              setEndTime(slot.end)
            }}
            slots={slots}
            start={start}
            timezone={settings.timezone}
          />
        </section>
      )}
    </div>
  )
}
