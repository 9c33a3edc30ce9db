import { ValidationError } from 'payload'
import { z } from 'zod'

import { MAX_ITEMS } from '../../../contract/messages.js'

const GUEST_MESSAGE = 'guest must be an object whose name, email and phone are text'
const ITEMS_MESSAGE = 'items must be a list of objects'

const text = (message: string) => z.string({ error: message })

/**
 * The free-form fields of booking data, each refused with its own text. The reservations
 * collection reads these leniently (a text where a list belongs is ignored, an object as
 * idempotencyKey becomes no key, so a retry would book twice), and Payload fails with a server
 * error on a `null` group; here `null` means "not given". Checked in the order of the keys,
 * the first wrong one refused; other fields pass through as given.
 */
export const bookingShape = z.looseObject({
  guest: z
    .looseObject(
      { email: text(GUEST_MESSAGE).nullish(), name: text(GUEST_MESSAGE).nullish(), phone: text(GUEST_MESSAGE).nullish() },
      { error: GUEST_MESSAGE },
    )
    .nullish(),
  idempotencyKey: text('idempotencyKey must be text').nullish(),
  items: z.array(z.looseObject({}, { error: ITEMS_MESSAGE }), { error: ITEMS_MESSAGE }).nullish(),
  notes: text('notes must be text').nullish(),
  status: text('status must be text').nullish(),
})

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
