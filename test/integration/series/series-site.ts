import type { Payload } from 'payload'

import { signedInUsers } from '../../support/signed-in-users.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

type Id = number | string

/** What the series suites book on, and who books it. */
export interface SeriesSite {
  /** Session token of `admin@<domain>`. */
  admin: string
  /** Session token of `ann@<domain>`, a customer. */
  ann: string
  customer: Id
  /** Studio: one place, open around the clock. */
  room: Id
  /** Lesson: an hour, bookable by guests. */
  service: Id
  /** Office: one place, open around the clock on weekdays only. */
  weekdays: Id
}

/** Seeds a one-hour Lesson on an always-open Studio and a weekday Office, and signs in an admin and a customer. */
export const seedSeriesSite = async (payload: Payload, domain: string): Promise<SeriesSite> => {
  const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Lesson' } })
  const room = await payload.create({ collection: 'resources', data: { name: 'Studio', quantity: 1, services: [service.id] } })
  await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: room.id } })
  const weekdays = await payload.create({ collection: 'resources', data: { name: 'Office', quantity: 1, services: [service.id] } })
  await payload.create({
    collection: 'schedules',
    data: { name: 'Weekdays', recurringSlots: ALWAYS_OPEN.filter(({ day }) => day !== 'sat' && day !== 'sun'), resource: weekdays.id },
  })
  const users = await signedInUsers(payload, { admin: 'admin', ann: 'customer' }, domain)
  return { admin: users.admin.token, ann: users.ann.token, customer: users.ann.id, room: room.id, service: service.id, weekdays: weekdays.id }
}
