import type { NumberField, NumberFieldSingleValidation } from 'payload'

import { number } from 'payload/shared'

import { label } from '../labels.js'

/** A flexible service needs its longest booking, a whole number of minutes no shorter than its duration. */
const validateMaxFlexibleDuration: NumberFieldSingleValidation = async (value, options) => {
  const sibling = options.siblingData as { duration?: unknown; durationType?: unknown }
  if (sibling.durationType !== 'flexible') {
    return true
  }
  if (value === null || value === undefined) {
    return 'A flexible service needs its longest booking'
  }
  const stock = await number(value, { ...options, min: 1 })
  if (stock !== true) {
    return stock
  }
  if (!Number.isInteger(value)) {
    return 'Enter a whole number'
  }
  return typeof sibling.duration === 'number' && value < sibling.duration ? 'Must be at least the duration' : true
}

/** A flexible service's longest booking, shown only for flexible services. */
export const maxFlexibleDurationField: NumberField = {
  name: 'maxFlexibleDuration',
  type: 'number',
  admin: {
    condition: (data) => data?.durationType === 'flexible',
    description: label('desc_maxFlexibleDuration'),
  },
  label: label('field_maxFlexibleDuration'),
  min: 1,
  validate: validateMaxFlexibleDuration,
}
