import { inject } from 'vitest'
import { describe, expect, it } from 'vitest'

import { bookingKitSize } from '../../bench/booking-size.js'
import { DIST_DIR } from './support/dev-app.js'

// Issue 32's budget: the booking kit and the API client weigh at most 35 kB gzip in the demo's
// production build, React excluded (README "Booking page"). Measured on the build this suite
// serves, so the chunks counted are the ones a visitor's browser is sent.
const BUDGET_BYTES = 35_000

/** The URL path of an app route such as `/(site)/book/page`. */
const urlOf = (route: string): string => route.replace(/\/\([^)]*\)/g, '').replace(/\/page$/, '') || '/'

describe('the booking kit’s weight', () => {
  it('is at most 35 kB gzip over the public pages, counting the chunks their HTML loads and the largest language', async () => {
    const size = bookingKitSize(DIST_DIR)
    expect(Object.keys(size.pages)).toContain('/(site)/book/page')
    for (const [route, chunks] of Object.entries(size.pages)) {
      expect(chunks.length, `${route} loads the kit`).toBeGreaterThan(0)
      const html = await (await fetch(`${inject('baseURL')}${urlOf(route)}`)).text()
      for (const chunk of chunks) {
        expect(html, `${urlOf(route)} loads ${chunk}`).toContain(chunk)
      }
    }
    // A visitor is sent one language's strings, on demand, not all twelve: the largest one counts.
    expect(size.languageChunk).not.toBeNull()
    console.info(`booking kit and API client: ${size.gzipBytes} bytes gzip`, size.chunks)
    expect(size.gzipBytes).toBeLessThanOrEqual(BUDGET_BYTES)
  })
})
