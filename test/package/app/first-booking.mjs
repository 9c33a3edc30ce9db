// Stands in for `npm start` of a site that installed the packed tarball: boots the site's own
// `src/payload.config.ts` (through tsx, as Payload's bin does) and talks to it over Payload's
// HTTP handler, as the admin and a guest would. With `boot` it only starts and waits (a site
// started before its first migration); with `book` it registers the first user, sets up a
// bookable service and books once. Prints one JSON line last.
import { getPayload, handleEndpoints } from 'payload'
import { tsImport } from 'tsx/esm/api'

const { default: config } = await tsImport('./src/payload.config.ts', import.meta.url)
const payload = await getPayload({ config: await config })

const call = async (method, route, body, token) => {
  const response = await handleEndpoints({
    config: payload.config,
    request: new Request(`http://localhost/api${route}`, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `JWT ${token}` } : {}) },
      method,
    }),
  })
  const answer = { body: await response.json(), status: response.status }
  if (response.status >= 300) {
    throw new Error(`${method} ${route} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  }
  return answer.body
}

if (process.argv[2] === 'boot') {
  // Long enough for the plugin's first look for the tables and a few catch-up intervals.
  await new Promise((resolve) => setTimeout(resolve, 8_000))
  console.log(JSON.stringify({ booted: true }))
} else {
  // What the admin's create-first-user form sends.
  const admin = await call('POST', '/users/first-register', { email: 'admin@example.test', password: 'first-admin-1' })
  const { token } = await call('POST', '/users/login', { email: 'admin@example.test', password: 'first-admin-1' })
  const service = await call('POST', '/services', { duration: 30, durationType: 'fixed', name: 'Consultation' }, token)
  const resource = await call(
    'POST',
    '/resources',
    { name: 'Dr. Lee', quantity: 1, resourceType: 'practitioner', services: [service.doc.id] },
    token,
  )
  const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']
  await call(
    'POST',
    '/schedules',
    { name: 'Always', recurringSlots: days.map((day) => ({ day, endTime: '24:00', startTime: '00:00' })), resource: resource.doc.id },
    token,
  )
  const booked = await call('POST', '/reserve/book', {
    guest: { email: 'ann@example.test', name: 'Ann Lee' },
    resource: resource.doc.id,
    service: service.doc.id,
    startTime: '2031-03-04T09:00:00.000Z',
  })
  const listed = await call('GET', '/reservations', undefined, token)
  console.log(
    JSON.stringify({
      booked: { endTime: booked.endTime, status: booked.status },
      firstUserRole: admin.user.role,
      reservations: listed.totalDocs,
    }),
  )
}
await payload.destroy()
process.exit(0)
