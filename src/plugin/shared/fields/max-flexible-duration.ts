import type { NumberField, NumberFieldSingleValidation } from 'payload'

import { number } from 'payload/shared'

import type { ResolvedOptions } from '../../options.js'

import { label } from '../labels.js'

/**
 * A flexible service's longest booking: a whole number of minutes no shorter than its duration;
 * left empty, the plugin's `maxFlexibleDuration`, which must then be no shorter either.
 */
const validateMaxFlexibleDuration =
  (pluginDefault: number): NumberFieldSingleValidation =>
  async (value, options) => {
    const sibling = options.siblingData as { duration?: unknown; durationType?: unknown }
    if (sibling.durationType !== 'flexible') {
      return true
    }
    const shorter = (longest: number) => typeof sibling.duration === 'number' && longest < sibling.duration
    if (value === null || value === undefined) {
      return shorter(pluginDefault)
        ? `A flexible service longer than the plugin's maxFlexibleDuration (${pluginDefault} minutes) needs its longest booking`
        : true
    }
    const stock = await number(value, { ...options, min: 1 })
    if (stock !== true) {
      return stock
    }
    if (!Number.isInteger(value)) {
      return 'Enter a whole number'
    }
    return shorter(value) ? 'Must be at least the duration' : true
  }

/** A flexible service's longest booking, shown only for flexible services. */
export const maxFlexibleDurationField = (options: Pick<ResolvedOptions, 'maxFlexibleDuration'>): NumberField => ({
  name: 'maxFlexibleDuration',
  type: 'number',
  admin: {
    condition: (data) => data?.durationType === 'flexible',
    description: label('desc_maxFlexibleDuration'),
    placeholder: String(options.maxFlexibleDuration),
  },
  label: label('field_maxFlexibleDuration'),
  min: 1,
  validate: validateMaxFlexibleDuration(options.maxFlexibleDuration),
})
