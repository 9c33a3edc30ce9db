'use client'
import type { SelectFieldClient, SelectFieldClientProps, TextFieldClientProps } from 'payload'

import { SelectField, useField } from '@payloadcms/ui'
import React, { useMemo } from 'react'

/** The zones this browser knows, by IANA name. */
const knownZones = (): string[] => {
  const zones = Intl.supportedValuesOf('timeZone')
  return zones.includes('UTC') ? zones : ['UTC', ...zones]
}

/**
 * A resource's time zone, picked from the IANA zones (type to filter) rather than typed as free
 * text. A saved zone this browser does not list (an alias) stays offered; the server validates.
 */
export const TimeZoneField: React.FC<TextFieldClientProps> = (props) => {
  const { value } = useField<string>({ potentiallyStalePath: props.path })
  const field = useMemo((): SelectFieldClient => {
    const zones = knownZones()
    const names = typeof value === 'string' && value !== '' && !zones.includes(value) ? [value, ...zones] : zones
    return {
      ...(props.field as unknown as SelectFieldClient),
      hasMany: false,
      options: names.map((zone) => ({ label: zone.replaceAll('_', ' '), value: zone })),
      type: 'select',
    }
  }, [props.field, value])
  return <SelectField {...(props as unknown as SelectFieldClientProps)} field={field} />
}
