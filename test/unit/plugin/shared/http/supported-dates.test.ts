import { describe, expect, it } from 'vitest'

import { isSupportedDate, isSupportedInstant } from '../../../../../src/plugin/shared/http/supported-dates.js'

describe('the supported calendar', () => {
  it('takes dates from 1900-01-01 to 9998-12-31', () => {
    expect(['1900-01-01', '2030-06-04', '9998-12-31'].every(isSupportedDate)).toBe(true)
    expect(['1899-12-31', '9999-01-01', '9999-12-31', '0999-01-01'].some(isSupportedDate)).toBe(false)
  })

  it('takes instants up to the end of 9998-12-31 UTC', () => {
    expect(isSupportedInstant(Date.parse('1900-01-01T00:00:00Z'))).toBe(true)
    expect(isSupportedInstant(Date.parse('9999-01-01T00:00:00Z'))).toBe(true)
    expect(isSupportedInstant(Date.parse('9999-01-01T00:00:00.001Z'))).toBe(false)
    expect(isSupportedInstant(Date.parse('1899-12-31T23:59:59.999Z'))).toBe(false)
  })
})
