import type { TextField } from 'payload'

import { minutesOfDay } from '../validation/minutes-of-day.js'
import { label } from '../labels.js'

const isBlank = (value: unknown): boolean => value === undefined || value === null || value === ''

/** `startTime`: wall-clock `HH:mm` in the resource's time zone, 00:00 to 23:59. */
export const startTimeField = ({ required }: { required: boolean }): TextField => ({
  name: 'startTime',
  type: 'text',
  admin: { placeholder: 'HH:mm', width: '50%' },
  label: label('field_startTime'),
  required,
  validate: (value, { req }) => {
    if (isBlank(value)) {
      return required ? req.t('validation:required') : true
    }
    return minutesOfDay(value, { allowEndOfDay: false }) === null ? 'Enter a time as HH:mm (00:00 to 23:59)' : true
  },
})

/**
 * `endTime`: `HH:mm` up to 24:00 (a window may close at midnight), after the sibling
 * `startTime`. When optional, start and end are set together or not at all.
 */
export const endTimeField = ({ required }: { required: boolean }): TextField => ({
  name: 'endTime',
  type: 'text',
  admin: { placeholder: 'HH:mm', width: '50%' },
  label: label('field_endTime'),
  required,
  validate: (value, { req, siblingData }) => {
    const start = (siblingData as { startTime?: unknown }).startTime
    if (isBlank(value)) {
      if (required) {
        return req.t('validation:required')
      }
      return isBlank(start) ? true : 'Set an end time too, or clear the start time'
    }
    const end = minutesOfDay(value, { allowEndOfDay: true })
    if (end === null) {
      return 'Enter a time as HH:mm (00:00 to 24:00)'
    }
    if (isBlank(start)) {
      return 'Set a start time too, or clear the end time'
    }
    const begin = minutesOfDay(start, { allowEndOfDay: false })
    return begin !== null && end <= begin ? 'End time must be after the start time' : true
  },
})
