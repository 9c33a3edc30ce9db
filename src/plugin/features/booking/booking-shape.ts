import { ValidationError } from 'payload'

import { CommandRejected } from '../../../events/rejection.js'
import { MAX_ITEMS } from './booking-plan.js'
import { toPayloadError } from '../../shared/refusals.js'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isText = (value: unknown): boolean => typeof value === 'string'

const GUEST_FIELDS = ['name', 'email', 'phone'] as const

/** Fields whose wrong shape the collection would not refuse, each with its check. */
const SHAPES: Record<string, { message: string; valid: (value: unknown) => boolean }> = {
  guest: {
    message: 'guest must be an object whose name, email and phone are text',
    valid: (value) => isObject(value) && GUEST_FIELDS.every((key) => value[key] === undefined || value[key] === null || isText(value[key])),
  },
  idempotencyKey: { message: 'idempotencyKey must be text', valid: isText },
  items: { message: 'items must be a list of objects', valid: (value) => Array.isArray(value) && value.every(isObject) },
  notes: { message: 'notes must be text', valid: isText },
  status: { message: 'status must be text', valid: isText },
}

/**
 * Booking data with the shape of its free-form fields checked. The reservations collection
 * reads these leniently (a text where a list belongs is ignored, an object as idempotencyKey
 * becomes no key, so a retry would book twice), and Payload fails with a server error on a
 * `null` group. Here `null` means "not given" and any other wrong shape is a 400 in Payload's
 * standard body, naming the field.
 */
export const checkBookingShape = (data: Record<string, unknown>, collection: string): Record<string, unknown> => {
  const checked = { ...data }
  for (const [field, { message, valid }] of Object.entries(SHAPES)) {
    if (checked[field] === null) {
      delete checked[field]
    } else if (checked[field] !== undefined && !valid(checked[field])) {
      throw new ValidationError({ collection, errors: [{ message, path: field }] })
    }
  }
  return checked
}

/**
 * The item cap of the booking plan, applied before any item is looked up: a body of thousands
 * of items costs no lookups, and answers the 400 on `items` the collection's routes answer.
 */
export const checkItemCount = (data: Record<string, unknown>, collection: string): void => {
  if (Array.isArray(data.items) && data.items.length > MAX_ITEMS) {
    throw toPayloadError(new CommandRejected('invalid', `A booking takes at most ${MAX_ITEMS} items`, 'items'), collection)
  }
}
