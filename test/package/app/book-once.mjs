// Runs under plain `node` in an app that installed the packed tarball: the plugin must load
// from its compiled `dist/`, boot on SQLite and take a booking over REST, asked through the
// package's API client (`payload-reserve-ledger/api-client`), whose fetch hands the request to Payload.
import { getPayload, handleEndpoints } from 'payload'
import { createReserveClient } from 'payload-reserve-ledger/api-client'

import { appConfig } from './app-config.mjs'

const config = await appConfig({ databasePath: process.argv[2], logLevel: 'warn', options: { allowGuestBooking: true } })
const payload = await getPayload({ config })

const service = await payload.create({ collection: 'services', data: { duration: 60, durationType: 'fixed', name: 'Consultation' } })
const resource = await payload.create({ collection: 'resources', data: { name: 'Room 1', quantity: 1, services: [service.id] } })
const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']
await payload.create({
  collection: 'schedules',
  data: { name: 'Always', recurringSlots: days.map((day) => ({ day, endTime: '24:00', startTime: '00:00' })), resource: resource.id },
})

const client = createReserveClient({
  baseUrl: 'http://localhost/api',
  fetch: (url, init) => handleEndpoints({ config: payload.config, request: new Request(url, init) }),
})
const result = await client.book({
  body: {
    guest: { email: 'guest@example.test', name: 'Gail Guest' },
    resource: resource.id,
    service: service.id,
    startTime: '2030-03-01T10:00:00.000Z',
  },
})
console.log(JSON.stringify({ endTime: result.ok ? result.data.endTime : result.message, status: result.status }))
await payload.destroy()
process.exit(result.status === 201 ? 0 : 1)
