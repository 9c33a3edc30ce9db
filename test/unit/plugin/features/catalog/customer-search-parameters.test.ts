import { describe, expect, it } from 'vitest'

import { MESSAGES } from '../../../../../src/contract/messages.js'
import { customerSearchParameters } from '../../../../../src/plugin/features/catalog/customer-search-endpoint.js'

const first = (query: Record<string, unknown>) => customerSearchParameters.safeParse(query).error?.issues[0].message

describe('customerSearchParameters', () => {
  it('defaults and clamps: limit within 1 to 50, page at least 1', () => {
    expect(customerSearchParameters.parse({})).toEqual({ limit: 10, page: 1, search: '' })
    expect(customerSearchParameters.parse({ limit: '500', page: '-3', search: '  ann ' })).toEqual({ limit: 50, page: 1, search: 'ann' })
    expect(customerSearchParameters.parse({ limit: '0', page: ' ' })).toEqual({ limit: 1, page: 1, search: '' })
  })

  it('refuses the first wrong parameter with its text', () => {
    expect(first({ limit: '1.5', search: ['a', 'b'] })).toBe(MESSAGES.search)
    expect(first({ limit: '1e3', page: 'x' })).toBe(MESSAGES.limit)
    expect(first({ page: '1000001' })).toBe(MESSAGES.page)
    expect(first({ page: { a: '1' } })).toBe(MESSAGES.page)
  })
})
