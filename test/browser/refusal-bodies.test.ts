import { beforeAll, describe, expect, inject, it } from 'vitest'

import { useLoggedInBrowser } from './support/browser.js'
import { separateFreeTimes } from './support/free-times.js'
import { type Rest, rest } from './support/rest.js'

// Against the suite's `next build` + `next start` of the demo, the way a site serves the plugin:
// a refusal names the field refused and why (`data.errors[].path` and `message`), as the README's
// error body promises, on the plugin's endpoints and on its collections' REST routes. (Payload
// adds `data` only for its own error classes, and a production bundle may hold a second copy.)

interface ErrorBody {
  errors: { data?: { errors?: { message: string; path: string }[] }; message: string }[]
}

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${inject('baseURL')}/api${path}`, {
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...headers },
    method: 'POST',
  })
  return { body: (await response.json()) as ErrorBody, status: response.status }
}

describe('refusals from the production build', () => {
  const admin = useLoggedInBrowser()
  let api: Rest
  let booking: { resource: number | string; service: number | string }

  beforeAll(async () => {
    api = rest(admin().page)
    const anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')!
    const consultation = (await api.services()).find((service) => service.name === 'Consultation')!
    booking = { resource: anna.id, service: consultation.id }
  })

  it('a time taken: 409 naming startTime, the body as the README shows it', async () => {
    const { starts } = await separateFreeTimes(api, { count: 1, fromOffset: 12, ...booking })
    const guest = { email: `first.${Date.now()}@example.com`, name: 'Frieda First' }
    expect((await post('/reserve/book', { ...booking, guest, startTime: starts[0].start })).status).toBe(201)
    const second = await post('/reserve/book', { ...booking, guest: { ...guest, name: 'Sam Second' }, startTime: starts[0].start })
    expect(second.status).toBe(409)
    expect(second.body.errors[0].data?.errors).toEqual([{ message: expect.any(String), path: 'startTime' }])
  })

  it('a time in the past: 400 saying why on startTime; a malformed e-mail through /api/reservations: 400 on guest.email', async () => {
    const past = { ...booking, guest: { email: 'past@example.com', name: 'Paul Past' }, startTime: '2020-01-06T09:00:00.000Z' }
    const viaEndpoint = await post('/reserve/book', past)
    expect(viaEndpoint.status).toBe(400)
    const [refusal] = viaEndpoint.body.errors[0].data?.errors ?? []
    expect(refusal?.path).toBe('startTime')
    expect(refusal?.message).not.toBe('')
    const cookie = (await admin().page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ')
    const { starts } = await separateFreeTimes(api, { count: 1, fromOffset: 13, ...booking })
    const malformed = { ...booking, guest: { email: 'not-an-address', name: 'Mia Malformed' }, startTime: starts[0].start }
    const viaCollection = await post('/reservations', malformed, { Cookie: cookie })
    expect(viaCollection.status).toBe(400)
    expect(viaCollection.body.errors[0].data?.errors?.map(({ path }) => path)).toEqual(['guest.email'])
  })
})
