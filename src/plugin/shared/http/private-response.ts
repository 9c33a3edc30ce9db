import type { PayloadHandler } from 'payload'

/**
 * A handler whose every answer, refusal included, is neither stored by a cache nor followed by
 * a Referer: the request carries a guest's token (in the query of a link from an e-mail), and
 * the answer a guest's details.
 */
export const privateResponse =
  (handle: PayloadHandler): PayloadHandler =>
  async (req) => {
    const response = await handle(req)
    response.headers.set('Cache-Control', 'no-store')
    response.headers.set('Referrer-Policy', 'no-referrer')
    return response
  }
