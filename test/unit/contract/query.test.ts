import { describe, expect, it } from 'vitest'

import { parseWholeNumber } from '../../../src/contract/query.js'

describe('parseWholeNumber', () => {
  it('reads signed decimal integers and saturates huge ones', () => {
    expect(parseWholeNumber('7')).toBe(7)
    expect(parseWholeNumber('+7')).toBe(7)
    expect(parseWholeNumber('-7')).toBe(-7)
    expect(parseWholeNumber('007')).toBe(7)
    expect(parseWholeNumber('9'.repeat(400))).toBe(Number.MAX_SAFE_INTEGER)
    expect(parseWholeNumber(`-${'9'.repeat(400)}`)).toBe(Number.MIN_SAFE_INTEGER)
  })

  it.each(['1.5', '1e3', '0x10', 'seven', '', '1 ', 'Infinity', 'NaN'])('refuses %j', (text) => {
    expect(parseWholeNumber(text)).toBeNull()
  })
})
