'use client'
import { useField, useFormFields } from '@payloadcms/ui'

import type { RecordId } from '../../contract/http.js'

const idOf = (value: unknown): null | RecordId =>
  typeof value === 'string' || typeof value === 'number' ? (value === '' ? null : value) : null

export interface BookingFields {
  guestCount: number
  resource: null | RecordId
  service: null | RecordId
  setEndTime: (end: string) => void
}

/** The start time's sibling fields a slot depends on, and the end time a picked slot sets. */
export const useBookingFields = (startPath: string): BookingFields => {
  // The siblings: same parent as the start time.
  const prefix = startPath.slice(0, startPath.lastIndexOf('.') + 1)
  const resource = useFormFields(([fields]) => idOf(fields[`${prefix}resource`]?.value))
  const service = useFormFields(([fields]) => idOf(fields[`${prefix}service`]?.value))
  const guests = useFormFields(([fields]) => fields[`${prefix}guestCount`]?.value)
  const { setValue: setEndTime } = useField<null | string>({ path: `${prefix}endTime` })
  const guestCount = typeof guests === 'number' && guests >= 1 ? guests : 1
  return { guestCount, resource, service, setEndTime }
}
