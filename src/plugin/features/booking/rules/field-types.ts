import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../../events/rejection.js'

const TEXT_FIELDS = ['idempotencyKey', 'notes', 'status'] as const

/**
 * Types Payload would check only after the ledger has committed: a wrong one must be a 400
 * now, not a value silently dropped (an `idempotencyKey: {}` meaning no key at all).
 */
export const fieldTypes: BookingRule = ({ data }) => {
  for (const field of TEXT_FIELDS) {
    const value = data[field]
    if (value !== undefined && value !== null && typeof value !== 'string') {
      throw new CommandRejected('invalid', `${field} must be a string`, field)
    }
  }
  if (data.guest !== undefined && data.guest !== null && (typeof data.guest !== 'object' || Array.isArray(data.guest))) {
    throw new CommandRejected('invalid', 'guest must be an object with name, email and phone', 'guest')
  }
  if (data.items !== undefined && data.items !== null && !Array.isArray(data.items)) {
    throw new CommandRejected('invalid', 'items must be an array', 'items')
  }
  // PostgreSQL stores no NUL character in text or JSON: the ledger's append would fail on it.
  const texts: Array<[string, unknown]> = [
    ...TEXT_FIELDS.map((field): [string, unknown] => [field, data[field]]),
    ...(['name', 'email', 'phone'] as const).map((key): [string, unknown] => [`guest.${key}`, (data.guest as Record<string, unknown> | null | undefined)?.[key]]),
  ]
  for (const [path, value] of texts) {
    if (typeof value === 'string' && value.includes('\u0000')) {
      throw new CommandRejected('invalid', `${path} must not contain NUL characters`, path)
    }
  }
}
