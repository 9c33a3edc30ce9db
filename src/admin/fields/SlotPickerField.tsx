'use client'
import type { DateFieldClientProps } from 'payload'

import { Button, DateTimeField, ShimmerEffect, useField, useFormFields } from '@payloadcms/ui'
import React, { useEffect, useState } from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'
import type { RecordId } from '../../plugin/http/contract.js'

import { addCalendarDays, localDateOf, todayIn } from '../shared/calendar-dates.js'
import { useFormatters } from '../shared/use-formatters.js'
import { DayPicker } from '../shared/DayPicker.js'
import { StepChevron } from '../shared/StepChevron.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { useSlots } from './use-slots.js'
import './slot-picker-field.css'

type Props = DateFieldClientProps & { settings: AdminSettings }

const idOf = (value: unknown): null | RecordId =>
  typeof value === 'string' || typeof value === 'number' ? (value === '' ? null : value) : null

/**
 * The start time, typed in as usual or picked from the free start times of the chosen
 * resource and service on a day. Picking one also sets the end time the slot ends at.
 */
export const SlotPickerField: React.FC<Props> = (props) => {
  const { path: pathFromProps, readOnly, settings, ...fieldProps } = props
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const { path, setValue, value } = useField<null | string>({ potentiallyStalePath: pathFromProps })
  // The sibling fields: same parent as the start time.
  const prefix = path.slice(0, path.lastIndexOf('.') + 1)
  const resource = useFormFields(([fields]) => idOf(fields[`${prefix}resource`]?.value))
  const service = useFormFields(([fields]) => idOf(fields[`${prefix}service`]?.value))
  const guests = useFormFields(([fields]) => fields[`${prefix}guestCount`]?.value)
  const { setValue: setEndTime } = useField<null | string>({ path: `${prefix}endTime` })
  const start = typeof value === 'string' && value !== '' ? value : null
  const [date, setDate] = useState(() =>
    start ? localDateOf(Date.parse(start), settings.timezone) : todayIn(settings.timezone),
  )
  const guestCount = typeof guests === 'number' && guests >= 1 ? guests : 1
  const { error, slots } = useSlots({ date, guestCount, resource, service })

  // A start typed or prefilled elsewhere moves the picker to its day.
  useEffect(() => {
    if (start) {
      setDate(localDateOf(Date.parse(start), settings.timezone))
    }
  }, [settings.timezone, start])

  return (
    <div className="rl-slot-picker">
      <DateTimeField {...fieldProps} path={pathFromProps} readOnly={readOnly} />
      {!readOnly && (
        <section aria-label={t('freeStartTimes')} className="rl-slot-picker__panel">
          <div className="rl-slot-picker__head">
            <span className="rl-slot-picker__title">{t('freeStartTimes')}</span>
            <div className="rl-slot-picker__dates">
              <Button
                aria-label={t('previousDay')}
                buttonStyle="subtle"
                margin={false}
                onClick={() => setDate(addCalendarDays(date, -1))}
                size="small"
              >
                <StepChevron step="previous" />
              </Button>
              <DayPicker onChange={setDate} value={date} />
              <Button
                aria-label={t('nextDay')}
                buttonStyle="subtle"
                margin={false}
                onClick={() => setDate(addCalendarDays(date, 1))}
                size="small"
              >
                <StepChevron step="next" />
              </Button>
            </div>
            <span className="rl-slot-picker__zone">{t('timesIn', { zone: settings.timezone })}</span>
          </div>
          {start && (
            // The date field shows the browser's zone; this is the start in the calendar's.
            <p className="rl-slot-picker__chosen">{t('chosenStart', { time: format.dateTime(start) })}</p>
          )}
          {resource === null || service === null ? (
            <p className="rl-slot-picker__note">{t('chooseResourceAndService')}</p>
          ) : error ? (
            <p className="rl-slot-picker__note rl-slot-picker__note--error">{error}</p>
          ) : slots === null ? (
            <ShimmerEffect height="2.5rem" />
          ) : slots.length === 0 ? (
            <p className="rl-slot-picker__note">{t('noFreeStartTimes')}</p>
          ) : (
            <div className="rl-slot-picker__slots" role="group">
              {slots.map((slot) => (
                <button
                  aria-pressed={start !== null && Date.parse(start) === Date.parse(slot.start)}
                  className="rl-slot-picker__slot"
                  data-start={slot.start}
                  key={slot.start}
                  onClick={() => {
                    setValue(slot.start)
                    setEndTime(slot.end)
                  }}
                  type="button"
                >
                  {format.time(slot.start)}
                </button>
              ))}
            </div>
          )}
        </section>
      )}
    </div>
  )
}
