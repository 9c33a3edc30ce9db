import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { matchesTokenDigest } from '../../../../../src/plugin/features/booking/guest-token.js'

const TOKEN = 'k3y-Q2hhbmdlIG1lIGxhdGVyLCBwbGVhc2UgdGhhbmtz'
const DIGEST = createHash('sha256').update(TOKEN).digest('hex')

describe('matchesTokenDigest', () => {
  it('accepts the token whose SHA-256 is stored, in either hex case', () => {
    expect(matchesTokenDigest(TOKEN, DIGEST)).toBe(true)
    expect(matchesTokenDigest(TOKEN, DIGEST.toUpperCase())).toBe(true)
  })

  it('refuses any other token, and the digest itself', () => {
    expect(matchesTokenDigest(`${TOKEN}x`, DIGEST)).toBe(false)
    expect(matchesTokenDigest(TOKEN.slice(1), DIGEST)).toBe(false)
    expect(matchesTokenDigest(DIGEST, DIGEST)).toBe(false)
  })

  it('refuses when there is no token or no usable digest (a reservation that has none)', () => {
    for (const token of [undefined, null, '', 42, {}, [TOKEN]]) {
      expect(matchesTokenDigest(token, DIGEST)).toBe(false)
    }
    for (const digest of [null, undefined, '', 'abc', DIGEST.slice(1), `${DIGEST}00`, 'z'.repeat(64)]) {
      expect(matchesTokenDigest(TOKEN, digest)).toBe(false)
    }
  })
})
