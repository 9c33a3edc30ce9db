import type { AfterErrorHookArgs, Endpoint, PayloadRequest, SanitizedCollectionConfig } from 'payload'

import { APIError, ValidationError } from 'payload'
import { describe, expect, it } from 'vitest'

import { keepErrorDetails } from '../../../../../src/plugin/shared/http/keep-error-details.js'

const hook = keepErrorDetails({
  apiRoute: '/api',
  collections: ['reservations'],
  endpoints: [{ handler: () => new Response(), method: 'post', path: '/reserve/book' }] as Endpoint[],
})

const refused = new ValidationError({ collection: 'reservations', errors: [{ message: 'Outside the booking window', path: 'startTime' }] })
/** What Payload's `formatErrors` makes of an error whose class it did not recognise: its message alone. */
const stripped = { errors: [{ message: refused.message }] }

const args = (overrides: Partial<AfterErrorHookArgs>): AfterErrorHookArgs =>
  ({ context: {}, error: refused, req: { pathname: '/api/reserve/book' } as PayloadRequest, result: stripped, ...overrides }) as AfterErrorHookArgs

describe('keepErrorDetails', () => {
  it('puts back the fields refused and why on the plugin’s endpoints and collections', async () => {
    const expected = { response: { errors: [{ data: refused.data, message: refused.message, name: 'ValidationError' }] } }
    expect(await hook(args({}))).toEqual(expected)
    expect(await hook(args({ collection: { slug: 'reservations' } as SanitizedCollectionConfig, req: { pathname: '/api/reservations' } as PayloadRequest }))).toEqual(expected)
    expect(refused.data.errors).toEqual([{ message: 'Outside the booking window', path: 'startTime' }])
  })

  it('leaves the site’s own routes, bodies Payload made whole, and errors it hid, as they are', async () => {
    expect(await hook(args({ collection: { slug: 'posts' } as SanitizedCollectionConfig, req: { pathname: '/api/posts' } as PayloadRequest }))).toBeUndefined()
    expect(await hook(args({ req: { pathname: '/api/reserved-words' } as PayloadRequest }))).toBeUndefined()
    expect(await hook(args({ result: { errors: [{ data: refused.data, message: refused.message, name: 'ValidationError' }] } }))).toBeUndefined()
    // A non-public error's body is Payload's "Something went wrong.": its data stays out.
    expect(await hook(args({ error: new APIError('secret', 500, { detail: 'x' }), result: { errors: [{ message: 'Something went wrong.' }] } }))).toBeUndefined()
  })
})
