import type { Payload, TypedUser } from 'payload'

import dayjs, { type Dayjs } from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'

dayjs.extend(utc)
dayjs.extend(timezone)

/** Every demo login shares this password; the README lists the accounts. */
export const DEMO_PASSWORD = 'demo1234'
export const ADMIN_EMAIL = 'admin@example.com'

const TIMEZONE = 'Europe/Berlin'
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const

type Doc = { id: number | string }

const mondayOf = (day: Dayjs): Dayjs => day.subtract((day.day() + 6) % 7, 'day')

/** A wall-clock time in the demo zone as a UTC instant, which is what the ledger stores. */
const at = (day: Dayjs, time: string): string => dayjs.tz(`${day.format('YYYY-MM-DD')} ${time}`, TIMEZONE).toISOString()

const addMinutes = (time: string, minutes: number): string => {
  const total = Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + minutes
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
}

/**
 * Seeds the demo clinic when the database has no user yet; called from `onInit`, so the first boot
 * of `npm run dev` (or `npm run seed`) fills an empty database and later boots leave it alone.
 */
export const seedIfEmpty = async (payload: Payload): Promise<void> => {
  const { totalDocs } = await payload.count({ collection: 'users' })
  if (totalDocs > 0) {
    payload.logger.info('Demo seed skipped: the database already has users.')
    return
  }
  const started = Date.now()
  const summary = await seed(payload)
  payload.logger.info(`Demo seed done in ${Date.now() - started} ms: ${summary}. Log in as ${ADMIN_EMAIL} / ${DEMO_PASSWORD}.`)
}

const seed = async (payload: Payload): Promise<string> => {
  const admin = await payload.create({
    collection: 'users',
    data: { name: 'Ada Admin', email: ADMIN_EMAIL, password: DEMO_PASSWORD, role: 'admin' },
  })
  // Bookings are made on the admin's behalf: past-dated and guest bookings need a privileged actor.
  const actor = { ...admin, collection: 'users' } as TypedUser
  const asAdmin = { overrideAccess: true, user: actor } as const

  // Staff provisioning gives this user a practitioner resource of their own.
  const staff = await payload.create({
    collection: 'users',
    data: { name: 'Jonas Keller', email: 'staff@example.com', password: DEMO_PASSWORD, role: 'staff' },
  })

  const customers: Doc[] = []
  for (const [name, email, phone] of [
    ['Mia Schneider', 'mia@example.com', '+49 30 1234567'],
    ['Lukas Fischer', 'lukas@example.com', '+49 40 7654321'],
  ] as const) {
    customers.push(
      await payload.create({ collection: 'customers', data: { name, email, password: DEMO_PASSWORD, phone }, ...asAdmin }),
    )
  }

  const chair = await payload.create({
    collection: 'resources',
    data: { name: 'Treatment chair', capacityMode: 'per-reservation', quantity: 2, resourceType: 'equipment' },
    ...asAdmin,
  })
  const consultation = await payload.create({
    collection: 'services',
    data: { name: 'Consultation', duration: 30, durationType: 'fixed', price: 60 },
    ...asAdmin,
  })
  const treatment = await payload.create({
    collection: 'services',
    data: {
      name: 'Treatment',
      bufferTimeAfter: 15,
      duration: 60,
      durationType: 'fixed',
      price: 120,
      requiredResources: [chair.id],
    },
    ...asAdmin,
  })
  const roomDay = await payload.create({
    collection: 'services',
    data: { name: 'Seminar room, full day', duration: 1440, durationType: 'full-day', price: 400 },
    ...asAdmin,
  })

  const anna = await payload.create({
    collection: 'resources',
    data: {
      name: 'Anna Weber',
      quantity: 1,
      resourceType: 'practitioner',
      services: [consultation.id, treatment.id],
    },
    ...asAdmin,
  })
  const jonas = await provisionedResource(payload, staff.id)
  await payload.update({
    collection: 'resources',
    data: { services: [consultation.id, treatment.id] },
    id: jonas.id,
    ...asAdmin,
  })
  const room = await payload.create({
    collection: 'resources',
    data: {
      name: 'Seminar room',
      capacityMode: 'per-guest',
      quantity: 8,
      resourceType: 'room',
      services: [roomDay.id],
    },
    ...asAdmin,
  })

  const today = dayjs().tz(TIMEZONE).startOf('day')
  const vacationStart = mondayOf(today).add(14, 'day')
  const vacationEnd = vacationStart.add(4, 'day')
  const weekly = WEEKDAYS.map((day) => ({ day, endTime: '17:00', startTime: '09:00' }))
  for (const [resource, name] of [
    [anna, 'Anna Weber, weekdays'],
    [jonas, 'Jonas Keller, weekdays'],
    [room, 'Seminar room, weekdays'],
    [chair, 'Treatment chair, weekdays'],
  ] as const) {
    await payload.create({
      collection: 'schedules',
      data: {
        name,
        active: true,
        exceptions:
          resource === anna
            ? [
                {
                  date: vacationStart.format('YYYY-MM-DD'),
                  endDate: vacationEnd.format('YYYY-MM-DD'),
                  reason: 'Vacation',
                  type: 'vacation',
                },
              ]
            : [],
        recurringSlots: weekly,
        resource: resource.id,
      },
      ...asAdmin,
    })
  }

  const onVacation = (day: Dayjs): boolean => !day.isBefore(vacationStart) && !day.isAfter(vacationEnd)
  const guests = [
    { name: 'Noah Becker', email: 'noah.becker@example.net' },
    { name: 'Emma Wagner', email: 'emma.wagner@example.net' },
    { name: 'Leon Hoffmann', email: 'leon.hoffmann@example.net' },
  ]
  const statuses: Record<string, number> = {}
  let count = 0
  const book = async (data: Record<string, unknown>): Promise<void> => {
    const n = count++
    const who =
      n % 4 === 3 ? { guest: guests[n % guests.length] } : { customer: customers[n % customers.length]?.id }
    const created = await payload.create({ collection: 'reservations', data: { ...data, ...who }, ...asAdmin })
    const past = Date.parse(String(data.startTime)) < Date.now()
    // Walk the default machine: pending → confirmed → completed, or pending → cancelled.
    const path = past
      ? n % 6 === 5
        ? ['cancelled']
        : ['confirmed', 'completed']
      : n % 5 === 4
        ? ['cancelled']
        : n % 2 === 0
          ? ['confirmed']
          : []
    for (const status of path) {
      await payload.update({ collection: 'reservations', data: { status }, id: created.id, ...asAdmin })
    }
    const final = path.at(-1) ?? 'pending'
    statuses[final] = (statuses[final] ?? 0) + 1
  }

  // Weekdays from a week back to almost three weeks ahead: one consultation a day, a treatment every
  // other day, and every fourth day a second one at the same time, which takes the last free
  // treatment chair; a seminar-room day every fifth day. A practitioner's consultation ends by
  // 14:30, before their 15:00 treatment, whose 15-minute buffer still ends before the 17:00 close.
  for (let offset = -7, i = 0; offset <= 18; offset++) {
    const day = today.add(offset, 'day')
    if (day.day() === 0 || day.day() === 6) {
      continue
    }
    const first = i % 2 === 0 || onVacation(day) ? jonas : anna
    const second = first === anna || onVacation(day) ? jonas : anna
    await book({ resource: first.id, service: consultation.id, startTime: at(day, addMinutes('09:00', (i % 6) * 60)) })
    if (i % 2 === 0) {
      await book({ resource: second.id, service: treatment.id, startTime: at(day, '15:00') })
    }
    if (i % 4 === 0 && first !== second) {
      await book({ resource: first.id, service: treatment.id, startTime: at(day, '15:00') })
    }
    if (i % 5 === 0) {
      await book({ guestCount: 3 + (i % 4), resource: room.id, service: roomDay.id, startTime: at(day, '00:00') })
    }
    i++
  }

  const byStatus = Object.entries(statuses)
    .map(([status, n]) => `${n} ${status}`)
    .join(', ')
  return `2 users, 2 customers, 3 services, 4 resources, 4 schedules, ${count} reservations (${byStatus})`
}

/**
 * The practitioner resource staff provisioning made for the staff user. Inside a database
 * transaction (PostgreSQL, MongoDB) the plugin creates it right after the user's save commits,
 * so it may take a moment to appear.
 */
const provisionedResource = async (payload: Payload, staffId: Doc['id']): Promise<Doc> => {
  const deadline = Date.now() + 15_000
  for (;;) {
    const { docs } = await payload.find({
      collection: 'resources',
      depth: 0,
      limit: 1,
      overrideAccess: true,
      where: { owner: { equals: staffId } },
    })
    const resource = docs[0]
    if (resource !== undefined) {
      return resource
    }
    if (Date.now() > deadline) {
      throw new Error('Demo seed: staff provisioning created no resource for the staff user')
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
