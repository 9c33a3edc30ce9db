import type { PayloadRequest } from 'payload'

import { describe, expect, it } from 'vitest'

import { queryParam } from '../../../../../src/plugin/shared/http/query-params.js'

const request = (query: Record<string, unknown>) => ({ query }) as unknown as PayloadRequest

describe('queryParam', () => {
  it('tells absent, text and everything else apart', () => {
    const req = request({ empty: '  ', list: ['1', '2'], nul: 'a\u0000', object: { a: '1' }, text: ' 12 ' })
    expect(queryParam(req, 'missing')).toEqual({ kind: 'absent' })
    expect(queryParam(req, 'empty')).toEqual({ kind: 'absent' })
    expect(queryParam(req, 'text')).toEqual({ kind: 'text', value: '12' })
    expect(queryParam(req, 'list').kind).toBe('other')
    expect(queryParam(req, 'object').kind).toBe('other')
    expect(queryParam(req, 'nul').kind).toBe('other')
  })
})
