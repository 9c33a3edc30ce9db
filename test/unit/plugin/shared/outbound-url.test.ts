import { describe, expect, it } from 'vitest'

import { checkFeedTarget, feedUrl } from '../../../../src/plugin/shared/outbound-url.js'

describe('calendar feed addresses', () => {
  it('takes http, https and webcal (as https), nothing else', () => {
    expect(feedUrl('webcal://calendar.example.com/private/basic.ics')?.href).toBe('https://calendar.example.com/private/basic.ics')
    expect(feedUrl(' https://calendar.example.com/a.ics ')?.protocol).toBe('https:')
    expect(feedUrl('file:///etc/passwd')).toBeNull()
    expect(feedUrl('not a url')).toBeNull()
  })

  it.each(['http://127.0.0.1/feed.ics', 'http://[::1]/feed.ics', 'http://10.1.2.3/feed.ics', 'http://192.168.0.9/feed.ics', 'http://169.254.169.254/latest', 'http://[::ffff:127.0.0.1]/feed.ics'])(
    'refuses %s, on this machine or a private network',
    async (address) => {
      await expect(checkFeedTarget(new URL(address), false)).rejects.toThrow('resolves to a private or local address')
    },
  )

  it('lets a public address through, and a private one where the site allows it', async () => {
    await expect(checkFeedTarget(new URL('http://93.184.216.34/feed.ics'), false)).resolves.toBeUndefined()
    await expect(checkFeedTarget(new URL('http://127.0.0.1/feed.ics'), true)).resolves.toBeUndefined()
  })
})
