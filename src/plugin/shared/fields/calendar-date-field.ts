import type { TextField } from 'payload'

import { isCalendarDate } from '../validation/is-calendar-date.js'

interface CalendarDateFieldArgs {
  /** The admin component that picks the day from a calendar (a path); none: a text input. */
  Field?: string
  label?: TextField['label']
  name: string
  /** Sibling date field this one may not precede (a range's end). */
  notBefore?: string
  required: boolean
}

/**
 * A calendar day stored as `YYYY-MM-DD` text. Payload date fields store instants, which shift
 * a day when read in another time zone; a schedule's day is the resource's local day.
 */
export const calendarDateField = ({ Field, label, name, notBefore, required }: CalendarDateFieldArgs): TextField => ({
  name,
  type: 'text',
  admin: { ...(Field && { components: { Field } }), placeholder: 'YYYY-MM-DD', width: '50%' },
  label,
  required,
  validate: (value, { req, siblingData }) => {
    if (value === undefined || value === null || value === '') {
      return required ? req.t('validation:required') : true
    }
    if (!isCalendarDate(value)) {
      return 'Enter a date as YYYY-MM-DD'
    }
    const floor = notBefore === undefined ? undefined : (siblingData as Record<string, unknown>)[notBefore]
    // YYYY-MM-DD strings order like the days they name.
    return isCalendarDate(floor) && value < floor ? `Must not be before ${notBefore}` : true
  },
})
