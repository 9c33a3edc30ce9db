import { ValidationError } from 'payload'
import { z } from 'zod'

import { bookingShape } from '../../../contract/booking-shape.js'
import { MAX_ITEMS } from '../../../contract/messages.js'

/**
 * The item cap of the booking plan, applied once the shape is right and before any item is
 * looked up: a body of thousands of items costs no lookups, and answers the 400 on `items` the
 * collection's routes answer.
 */
const itemCount = z.looseObject({
  items: z.array(z.looseObject({})).max(MAX_ITEMS, `A booking takes at most ${MAX_ITEMS} items`).nullish(),
})

const NULL_MEANS_ABSENT = Object.keys(bookingShape.shape)

/**
 * Booking data with the shape of its free-form fields and its item count checked, `null`
 * fields left out. A wrong field is a 400 in Payload's standard body, naming it.
 */
export const checkBookingShape = (data: Record<string, unknown>, collection: string): Record<string, unknown> => {
  const given = Object.fromEntries(Object.entries(data).filter(([field, value]) => !(value === null && NULL_MEANS_ABSENT.includes(field))))
  const checked = bookingShape.pipe(itemCount).safeParse(given)
  if (!checked.success) {
    const [{ message, path }] = checked.error.issues
    throw new ValidationError({ collection, errors: [{ message, path: String(path[0]) }] })
  }
  return given
}
