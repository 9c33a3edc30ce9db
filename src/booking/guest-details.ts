import type { BookingTextKey } from './texts/en.js'

/** What a guest types in: their name and how to reach them. */
export interface GuestDetails {
  email: string
  name: string
  phone: string
}

/**
 * Payload's own check of an `email` field (the reservation's `guest.email`), so the page refuses
 * what the server would, before asking it.
 */
const EMAIL = /^(?!.*\.\.)[\w!#$%&'*+/=?^`{|}~-](?:[\w!#$%&'*+/=?^`{|}~.-]*[\w!#$%&'*+/=?^`{|}~-])?@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/i

/** What is wrong with the details, by field, as the guest rules say it (a name, and an e-mail or phone). */
export const guestProblems = (details: GuestDetails): Partial<Record<keyof GuestDetails, BookingTextKey>> => {
  const { email, name, phone } = trimmedGuest(details)
  return {
    ...(!name && { name: 'nameRequired' as const }),
    ...(!email && !phone && { email: 'contactRequired' as const }),
    ...(email && !EMAIL.test(email) && { email: 'emailInvalid' as const }),
  }
}

/** The details as a booking sends them: trimmed, the empty ones left out. */
export const trimmedGuest = (details: GuestDetails): Partial<GuestDetails> =>
  Object.fromEntries(
    Object.entries(details)
      .map(([key, value]) => [key, value.trim()])
      .filter(([, value]) => value !== ''),
  )
