'use client'
import type { SelectFieldClient, TextFieldClientProps } from 'payload'

import { SelectField, useField } from '@payloadcms/ui'
import React, { useMemo } from 'react'

/** The zones this browser knows, by IANA name. */
const knownZones = (): string[] => {
  const zones = Intl.supportedValuesOf('timeZone')
  return zones.includes('UTC') ? zones : ['UTC', ...zones]
}

/**
 * What Payload renders a field's component with: the field, its path, permissions, read-only
 * flag and schema path. A text input's own props (inputRef, onKeyDown, validate) never reach it.
 */
type TimeZoneFieldProps = Omit<TextFieldClientProps, 'inputRef' | 'onKeyDown' | 'validate'>

/**
 * A resource's time zone, picked from the IANA zones (type to filter) rather than typed as free
 * text. A saved zone this browser does not list (an alias) stays offered; the server validates.
 */
export const TimeZoneField: React.FC<TimeZoneFieldProps> = ({ field: textField, ...props }) => {
  const { value } = useField<string>({ potentiallyStalePath: props.path })
  const field = useMemo((): SelectFieldClient => {
    const zones = knownZones()
    const names = typeof value === 'string' && value !== '' && !zones.includes(value) ? [value, ...zones] : zones
    return {
      ...textField,
      // A select's own settings at their defaults; a text input's placeholder (the time zone field declares none) is not a select's.
      admin: { ...textField.admin, isClearable: undefined, isSortable: undefined, placeholder: undefined },
      hasMany: false,
      options: names.map((zone) => ({ label: zone.replaceAll('_', ' '), value: zone })),
      type: 'select',
    }
  }, [textField, value])
  return <SelectField {...props} field={field} />
}
