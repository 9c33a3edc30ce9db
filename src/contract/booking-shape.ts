import { z } from 'zod'

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
