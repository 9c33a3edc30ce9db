import type { TextField } from 'payload'

import { isTimeZone } from '../../validation/is-time-zone.js'

/** `timezone`: the IANA zone a resource's schedule times are wall-clock in. */
export const timeZoneField = (defaultZone: string): TextField => ({
  name: 'timezone',
  type: 'text',
  admin: { description: 'IANA time zone of the schedules, e.g. Europe/Berlin.' },
  defaultValue: defaultZone,
  required: true,
  validate: (value, { req }) => {
    if (!value) {
      return req.t('validation:required')
    }
    return isTimeZone(value) ? true : `"${String(value)}" is not an IANA time zone`
  },
})
