import type { Payload } from 'payload'

import type { RelationId } from '../../../events/types.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const OBJECT_ID = /^[0-9a-f]{24}$/i
const DIGITS = /^\d{1,16}$/
// PostgreSQL's default `serial` ids are 4-byte integers.
const MAX_SERIAL = 2_147_483_647
const MAX_TEXT_ID = 255

/**
 * `value` as an id of `collection` on this database, or null when no record could have it.
 * Callers answer "not found" for null without asking the database, where a malformed id (text
 * for an integer column, a non-UUID for a uuid column) would fail as a server error.
 */
export const parseRecordId = (payload: Payload, collection: string, value: unknown): null | RelationId => {
  if (typeof value === 'number') {
    return parseRecordId(payload, collection, Number.isInteger(value) ? String(value) : '')
  }
  // PostgreSQL refuses a NUL character in text; no id holds one.
  if (typeof value !== 'string' || value === '' || value.includes('\u0000')) {
    return null
  }
  const custom = payload.collections[collection as keyof typeof payload.collections]?.customIDType
  if (custom === 'text') {
    return value.length <= MAX_TEXT_ID ? value : null
  }
  if (custom === 'number') {
    const id = Number(value)
    return value.trim() !== '' && Number.isFinite(id) ? id : null
  }
  const adapter = payload.db
  if (adapter.defaultIDType === 'number') {
    const id = Number(value)
    const max = adapter.name === 'postgres' ? MAX_SERIAL : Number.MAX_SAFE_INTEGER
    return DIGITS.test(value) && id <= max ? id : null
  }
  // Only the SQL adapters have `idType` (serial or uuid).
  if ('idType' in adapter && adapter.idType === 'uuid') {
    return UUID.test(value) ? value : null
  }
  if (adapter.name === 'mongoose') {
    return OBJECT_ID.test(value) ? value : null
  }
  return value.length <= MAX_TEXT_ID ? value : null
}
