import type { NumberField } from 'payload'

import { number } from 'payload/shared'

interface WholeNumberFieldArgs {
  admin?: NumberField['admin']
  defaultValue?: number
  label?: NumberField['label']
  max?: number
  min: number
  name: string
  required?: boolean
}

/** A number field for counts and minutes: Payload's own checks (required, min, max), then integer. */
export const wholeNumberField = (args: WholeNumberFieldArgs): NumberField => ({
  ...args,
  type: 'number',
  validate: async (value, options) => {
    const stock = await number(value, options)
    if (stock !== true) {
      return stock
    }
    return typeof value === 'number' && !Number.isInteger(value) ? 'Enter a whole number' : true
  },
})
