import type { Payload } from 'payload'

import { describe, expect, it } from 'vitest'

import { parseRecordId } from '../../../../../src/plugin/shared/http/record-id.js'

/** Just what parseRecordId reads of a Payload instance. */
const payloadWith = (db: { defaultIDType: 'number' | 'text'; idType?: string; name: string }, customIDType?: 'number' | 'text') =>
  ({ collections: { things: { customIDType } }, db }) as unknown as Payload

describe('parseRecordId', () => {
  it('keeps serial ids within PostgreSQL integers and refuses anything else without a query', () => {
    const postgres = payloadWith({ defaultIDType: 'number', idType: 'serial', name: 'postgres' })
    expect(parseRecordId(postgres, 'things', '42')).toBe(42)
    expect(parseRecordId(postgres, 'things', 42)).toBe(42)
    expect(parseRecordId(postgres, 'things', '2147483647')).toBe(2147483647)
    for (const value of ['2147483648', '-1', '1.5', '1e3', 'abc', ' 1', '', 1.5, null, {}, '9'.repeat(17)]) {
      expect(parseRecordId(postgres, 'things', value)).toBeNull()
    }
  })

  it('allows SQLite integers up to the safe range', () => {
    const sqlite = payloadWith({ defaultIDType: 'number', idType: 'number', name: 'sqlite' })
    expect(parseRecordId(sqlite, 'things', '2147483648')).toBe(2147483648)
    expect(parseRecordId(sqlite, 'things', '99999999999999999')).toBeNull()
  })

  it('checks uuid and ObjectId formats, and takes custom text ids as given', () => {
    const uuid = payloadWith({ defaultIDType: 'text', idType: 'uuid', name: 'postgres' })
    expect(parseRecordId(uuid, 'things', '0190f3a2-7c1e-7b5a-9f00-1234567890ab')).toBe('0190f3a2-7c1e-7b5a-9f00-1234567890ab')
    expect(parseRecordId(uuid, 'things', '42')).toBeNull()
    const mongo = payloadWith({ defaultIDType: 'text', name: 'mongoose' })
    expect(parseRecordId(mongo, 'things', '65a1b2c3d4e5f60718293a4b')).toBe('65a1b2c3d4e5f60718293a4b')
    expect(parseRecordId(mongo, 'things', 'abc')).toBeNull()
    const customText = payloadWith({ defaultIDType: 'number', name: 'postgres' }, 'text')
    expect(parseRecordId(customText, 'things', '01900000-anything')).toBe('01900000-anything')
    expect(parseRecordId(customText, 'things', 'x'.repeat(256))).toBeNull()
    expect(parseRecordId(customText, 'things', 'a\u0000b')).toBeNull()
  })
})
