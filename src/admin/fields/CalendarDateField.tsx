'use client'
import type { TextFieldClientProps, Validate } from 'payload'

import { DatePicker, FieldDescription, FieldError, FieldLabel, useField } from '@payloadcms/ui'
import React, { useCallback } from 'react'

/**
 * A calendar day (`YYYY-MM-DD` text, a day of the resource's zone) picked from a calendar. The
 * picker works on Date objects; it is handed, and hands back, noon UTC of the day, which reads
 * as that day in every zone, so no zone shifts it.
 */
export const CalendarDateField: React.FC<TextFieldClientProps> = (props) => {
  const { field, path: pathFromProps, readOnly, validate } = props
  const { admin, label, localized, required } = field
  const memoizedValidate = useCallback<Validate>(
    (value, options) =>
      typeof validate === 'function' ? validate(value as never, { ...options, required } as never) : true,
    [validate, required],
  )
  const { disabled, path, setValue, showError, value } = useField<null | string>({
    potentiallyStalePath: pathFromProps,
    validate: memoizedValidate,
  })
  const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null
  return (
    <div
      className={['field-type', 'date-time-field', showError && 'date-time-field--has-error'].filter(Boolean).join(' ')}
      // As Payload's own fields take their width in a row.
      style={(admin?.width ? { '--field-width': admin.width } : { flex: '1 1 auto' }) as React.CSSProperties}
    >
      <FieldLabel label={label} localized={localized} path={path} required={required} />
      <div className="field-type__wrap" id={`field-${path.replace(/\./g, '__')}`}>
        <FieldError path={path} showError={showError} />
        <DatePicker
          displayFormat="PP"
          onChange={(picked) => setValue(picked ? picked.toISOString().slice(0, 10) : null)}
          pickerAppearance="dayOnly"
          readOnly={readOnly || disabled}
          value={day ? `${day}T12:00:00.000Z` : undefined}
        />
      </div>
      <FieldDescription description={admin?.description} path={path} />
    </div>
  )
}
