import type { TextField } from 'payload'

import { label } from '../labels.js'

const HEX = /^#[0-9a-f]{6}$/i

/**
 * `color`: a resource's colour on the calendar, `#rrggbb`. Optional: a resource without one is
 * given one from the admin's palette. `Field`: the admin's swatch picker (a path); none: text.
 */
export const colourField = (Field?: string): TextField => ({
  name: 'color',
  type: 'text',
  admin: { ...(Field && { components: { Field } }), description: label('desc_color'), placeholder: '#rrggbb' },
  label: label('field_color'),
  validate: (value) =>
    value === undefined || value === null || value === '' || (typeof value === 'string' && HEX.test(value))
      ? true
      : 'Enter a colour as #rrggbb',
})
