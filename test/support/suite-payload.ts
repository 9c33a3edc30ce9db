import type { Payload, Plugin } from 'payload'

import { afterAll, beforeAll } from 'vitest'

import type { ReserveLedgerOptions } from '../../src/plugin/options.js'

import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from '../helpers/databases.js'
import { stopPayload } from '../helpers/payload.js'
import { startReservePayload } from './reserve-payload.js'

/** What usePayloadOn booted; read it in hooks and tests, not while the suite is collected. */
export interface SuitePayload {
  readonly database: TestDatabase
  readonly payload: Payload
}

/**
 * Gives the calling describe block a Payload instance with the plugin (startReservePayload with
 * `options` and `hostPlugins`) on a new database of `kind`. Call it before the block's own hooks: its beforeAll
 * then boots first and its afterAll stops and drops last.
 */
export const usePayloadOn = (kind: TestDatabaseKind, options: ReserveLedgerOptions = {}, hostPlugins: Plugin[] = []): SuitePayload => {
  let database: TestDatabase | undefined
  let payload: Payload | undefined

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    payload = await startReservePayload(database, options, hostPlugins)
  })

  afterAll(async () => {
    if (payload) {
      await stopPayload(payload)
    }
    await database?.drop()
  })

  const booted = <T>(value: T | undefined): T => {
    if (value === undefined) {
      throw new Error('usePayloadOn: read outside a hook or test, or the boot failed')
    }
    return value
  }
  return {
    get database() {
      return booted(database)
    },
    get payload() {
      return booted(payload)
    },
  }
}
