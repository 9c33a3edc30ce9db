import type { TextField } from 'payload'

import { isTimeZone } from '../validation/is-time-zone.js'
import { label } from '../labels.js'

/**
 * `timezone`: the IANA zone a resource's schedule times are wall-clock in. With `fromTenant`
 * (multi-tenant sites, `multiTenant.tenantTimezoneField`) it has no default of its own and may
 * be left empty: a hook of the collection fills it from the tenant before it is validated.
 * `Field`: the admin's zone picker (a path); none: a text input.
 */
export const timeZoneField = (
  defaultZone: string,
  { Field, fromTenant = false }: { Field?: string; fromTenant?: boolean } = {},
): TextField => ({
  name: 'timezone',
  type: 'text',
  admin: {
    ...(Field && { components: { Field } }),
    description: label(fromTenant ? 'desc_timezoneFromTenant' : 'desc_timezone'),
  },
  label: label('field_timezone'),
  ...(fromTenant ? {} : { defaultValue: defaultZone }),
  required: true,
  validate: (value, { req }) => {
    if (!value) {
      return fromTenant ? true : req.t('validation:required')
    }
    return isTimeZone(value) ? true : `"${String(value)}" is not an IANA time zone`
  },
})
