import type { Payload, Plugin } from 'payload'

import type { ReserveLedgerOptions } from '../../src/plugin/options.js'
import type { TestDatabase } from '../helpers/databases.js'

import { reserveLedgerPlugin } from '../../src/index.js'
import { startPayload } from '../helpers/payload.js'

/**
 * A Payload instance with the plugin installed, its customers in the harness's `users`.
 * `hostPlugins` run after it, as a site's own additions to the plugin's collections would.
 */
export const startReservePayload = (
  database: Pick<TestDatabase, 'adapter'>,
  options: ReserveLedgerOptions = {},
  hostPlugins: Plugin[] = [],
): Promise<Payload> =>
  startPayload({
    database,
    plugins: [
      reserveLedgerPlugin({
        catchUp: { graceMs: 300, intervalMs: 60_000 },
        userCollection: 'users',
        ...options,
      }),
      ...hostPlugins,
    ],
  })

/** A service and a resource to book, created through the Local API. */
export const seedBookable = async (
  payload: Payload,
  { duration = 60, quantity = 1, capacityMode = 'per-reservation' as 'per-guest' | 'per-reservation' } = {},
) => {
  const service = await payload.create({
    collection: 'services',
    data: { duration, durationType: 'fixed', name: `Service ${duration}` },
  })
  const resource = await payload.create({
    collection: 'resources',
    data: { capacityMode, name: `Resource q${quantity}`, quantity, services: [service.id] },
  })
  return { resource, service }
}
