import type { Payload, SendEmailOptions } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { reserveLedgerPlugin } from '../../../src/index.js'
import { sendReminders } from '../../../src/plugin/features/notifications/notification-hooks.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { startPayload, stopPayload } from '../../helpers/payload.js'
import { postJson } from '../../support/http.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

const HOUR = 3_600_000

describe.each(testDatabaseKinds())('e-mail notifications (%s)', (kind) => {
  const sent: SendEmailOptions[] = []
  let database: TestDatabase
  let payload: Payload
  const ids: Record<string, number | string> = {}

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    payload = await startPayload({
      config: {
        email: () => ({ defaultFromAddress: 'desk@example.test', defaultFromName: 'Desk', name: 'capture', sendEmail: async (message) => void sent.push(message) }),
      },
      database,
      plugins: [
        reserveLedgerPlugin({
          allowGuestBooking: true,
          catchUp: { graceMs: 100, intervalMs: 60_000 },
          notifications: {
            email: {
              cancelUrl: 'https://clinic.example/cancel?r={{reservationId}}&t={{token}}',
              language: 'de',
              reminderHours: 24,
              templates: { reminder: { subject: 'Bis bald: {{service}}' } },
              timeZone: 'Europe/Berlin',
            },
          },
          userCollection: 'users',
        }),
      ],
    })
    const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Massage' } })
    const resource = await payload.create({ collection: 'resources', data: { name: 'Room', quantity: 5, services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    Object.assign(ids, { resource: resource.id, service: service.id })
  })

  afterAll(async () => {
    await stopPayload(payload)
    await database.drop()
  })

  const mailsTo = (to: string) => sent.filter((mail) => mail.to === to)

  it('mails a guest the booking with the cancellation link, in the configured language, once', async () => {
    const booked = await postJson(payload, '/api/reserve/book', {
      guest: { email: 'gast@example.test', name: 'Gast' },
      resource: ids.resource,
      service: ids.service,
      startTime: '2031-10-06T08:00:00.000Z',
    })
    expect(booked.status).toBe(201)
    const [mail] = mailsTo('gast@example.test')
    expect(mail.subject).toBe('Ihre Buchung: Massage am Montag, 6. Oktober 2031 um 10:00')
    expect(String(mail.text)).toMatch(new RegExp(`Zum Stornieren: https://clinic.example/cancel\\?r=${booked.body.id}&t=[A-Za-z0-9_-]{20,}`))

    // Hooks delivered again (as after a crash) send nothing twice.
    await ledgerServices.of(payload).projector.deliverPending(booked.body.id)
    await payload.db.updateMany({ collection: 'reservations', data: { ledgerHooksRevision: -1 }, where: { id: { equals: booked.body.id } } })
    await ledgerServices.of(payload).projector.deliverPending(booked.body.id)
    expect(mailsTo('gast@example.test')).toHaveLength(1)
  })

  it('mails a status change, and a cancellation once as such', async () => {
    const booked = await postJson(payload, '/api/reserve/book', {
      guest: { email: 'status@example.test', name: 'Sta' },
      resource: ids.resource,
      service: ids.service,
      startTime: '2031-10-07T08:00:00.000Z',
    })
    await payload.update({ collection: 'reservations', data: { status: 'confirmed' }, id: booked.body.id })
    await payload.update({ collection: 'reservations', data: { status: 'cancelled' }, id: booked.body.id })
    expect(mailsTo('status@example.test').map(({ subject }) => subject)).toEqual([
      'Ihre Buchung: Massage am Dienstag, 7. Oktober 2031 um 10:00',
      'Ihre Buchung ist jetzt confirmed',
      'Ihre Buchung ist storniert',
    ])
  })

  it("reminds once, however often the reminder pass runs, in the site's own words where it gave them", async () => {
    const soon = new Date(Math.ceil((Date.now() + 3 * HOUR) / HOUR) * HOUR).toISOString()
    await payload.create({ collection: 'reservations', data: { guest: { email: 'remind@example.test', name: 'Rem' }, resource: ids.resource, service: ids.service, startTime: soon } })
    await sendReminders(payload, ledgerServices.of(payload).options)
    await sendReminders(payload, ledgerServices.of(payload).options)
    const subjects = mailsTo('remind@example.test').map(({ subject }) => String(subject))
    expect(subjects).toHaveLength(2)
    expect(subjects[1]).toBe('Bis bald: Massage')
  })
})
