'use client'
import type { ArrayFieldClientProps } from 'payload'

import { ArrayField, useField } from '@payloadcms/ui'
import React from 'react'

/**
 * The reservation's further items (other resources booked with it), shown only where it has
 * some: bookings of several resources come through the API, and a receptionist's form books
 * one. Not an `admin.condition`, which would make the items' required columns nullable.
 */
export const ItemsField: React.FC<ArrayFieldClientProps> = (props) => {
  const { value } = useField<number>({ potentiallyStalePath: props.path })
  return typeof value === 'number' && value > 0 ? <ArrayField {...props} /> : null
}
