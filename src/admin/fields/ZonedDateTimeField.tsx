'use client'
import type { DateFieldClientProps, Validate } from 'payload'

import { DatePicker, FieldDescription, FieldError, FieldLabel, useField } from '@payloadcms/ui'
import React, { useCallback, useMemo } from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { fromPickerDate, toPickerDate } from '../shared/picker-date.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import './zoned-date-time-field.css'

type Props = DateFieldClientProps & { settings: AdminSettings }

/**
 * A date field of the plugin's collections, shown and taken in the plugin's time zone (named
 * beside it) rather than the browser's, as every other time in the plugin's admin is.
 */
export const ZonedDateTimeField: React.FC<Props> = ({ field, path: pathFromProps, readOnly, settings, validate }) => {
  const { t } = useReserveTranslation()
  const { timezone } = settings
  const { admin, label, localized, required } = field
  const memoizedValidate = useCallback<Validate>(
    (value, options) =>
      typeof validate === 'function' ? validate(value as never, { ...options, required } as never) : true,
    [validate, required],
  )
  const pickerProps = (admin?.date ?? {}) as React.ComponentProps<typeof DatePicker>
  const { disabled, path, setValue, showError, value } = useField<null | string>({
    potentiallyStalePath: pathFromProps,
    validate: memoizedValidate,
  })
  const shown = useMemo(() => {
    const epoch = typeof value === 'string' && value !== '' ? Date.parse(value) : Number.NaN
    return Number.isNaN(epoch) ? undefined : toPickerDate(epoch, timezone)
  }, [timezone, value])
  const locked = readOnly || disabled
  const classes = [
    'field-type',
    'date-time-field',
    'rl-zoned-date',
    showError && 'date-time-field--has-error',
    locked && 'read-only',
  ]
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <FieldLabel label={label} localized={localized} path={path} required={required} />
      <div className="field-type__wrap" id={`field-${path.replace(/\./g, '__')}`}>
        <FieldError path={path} showError={showError} />
        <DatePicker
          {...pickerProps}
          onChange={(picked) => {
            if (!locked) {
              setValue(picked ? new Date(fromPickerDate(picked, timezone)).toISOString() : null)
            }
          }}
          readOnly={locked}
          value={shown}
        />
        <span className="rl-zoned-date__zone">{t('timesIn', { zone: timezone })}</span>
      </div>
      <FieldDescription description={admin?.description} path={path} />
    </div>
  )
}
