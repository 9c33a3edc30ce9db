import { GRAPHQL_POST } from '@payloadcms/next/routes'
import type { CollectionConfig, Config, Payload, Plugin, SanitizedConfig } from 'payload'

import { randomBytes, randomUUID } from 'node:crypto'
import { buildConfig, getPayload, handleEndpoints } from 'payload'

import type { TestDatabase } from './databases.js'

// Tests boot many instances: no Next.js HMR socket, no dependency scan per instance.
process.env.DISABLE_PAYLOAD_HMR = 'true'
process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER = 'true'

export const USERS_SLUG = 'users'
const USER_ROLES = ['admin', 'staff', 'customer']

export const usersCollection: CollectionConfig = {
  slug: USERS_SLUG,
  admin: { useAsTitle: 'email' },
  auth: true,
  fields: [
    {
      name: 'role',
      type: 'select',
      defaultValue: 'customer',
      options: USER_ROLES,
      saveToJWT: true,
    },
  ],
}

export interface StartPayloadArgs {
  collections?: CollectionConfig[]
  /** Merged over the defaults; `collections` and `plugins` here are added to the others. */
  config?: Partial<Config>
  database: Pick<TestDatabase, 'adapter'>
  plugins?: Plugin[]
}

/** getPayload's cache keys of the instances started here, for Payload's own HTTP handlers. */
const cacheKeys = new WeakMap<Payload, string>()

/** Boots in progress; while any runs, drizzle-kit's push spinner is filtered out of stdout. */
let booting = 0
let restoreStdout: (() => void) | undefined

const PUSH_PROGRESS = 'Pulling schema from database'

/** drizzle-kit writes its schema-push spinner straight to stdout, with no option to silence it. */
const withoutPushProgress = async <T>(run: () => Promise<T>): Promise<T> => {
  if (booting++ === 0) {
    const original = process.stdout.write
    const write = original.bind(process.stdout)
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) =>
      typeof chunk === 'string' && chunk.includes(PUSH_PROGRESS)
        ? true
        : write(chunk, ...rest)) as typeof process.stdout.write
    restoreStdout = () => {
      process.stdout.write = original
    }
  }
  try {
    return await run()
  } finally {
    if (--booting === 0) {
      restoreStdout?.()
    }
  }
}

/**
 * Boots an independent Payload instance on `database`. Each call gets its own key in
 * getPayload's global instance cache, so one test file can run several instances, on
 * different databases or as two "nodes" on the same one.
 */
export const startPayload = async ({
  collections = [],
  config = {},
  database,
  plugins = [],
}: StartPayloadArgs): Promise<Payload> => {
  const extraCollections = [...(config.collections ?? []), ...collections]
  const hasOwnUsers = extraCollections.some(({ slug }) => slug === USERS_SLUG)
  const sanitized = await buildConfig({
    logger: { options: { level: 'error' } },
    secret: randomBytes(24).toString('hex'),
    telemetry: false,
    ...config,
    admin: { avatar: 'default', user: USERS_SLUG, ...config.admin },
    collections: hasOwnUsers ? extraCollections : [usersCollection, ...extraCollections],
    db: database.adapter(),
    plugins: [...(config.plugins ?? []), ...plugins],
    typescript: { autoGenerate: false, ...config.typescript },
  })
  const key = `reserve-test-${randomUUID()}`
  const payload = await withoutPushProgress(() => getPayload({ config: sanitized, key }))
  cacheKeys.set(payload, key)
  return payload
}

/**
 * The key to pass as `payloadInstanceCacheKey` to Payload's `handleEndpoints`, so that HTTP
 * requests reach this instance and not a new one.
 */
const payloadCacheKey = (payload: Payload): string => {
  const key = cacheKeys.get(payload)
  if (!key) {
    throw new Error('This Payload instance was not started by startPayload')
  }
  return key
}

/**
 * Sends a request through Payload's REST handler (what the Next.js route mounts) to this
 * instance: `path` like `/api/users/me`; pass a token from `login` as `Authorization: JWT <token>`.
 */
export const restRequest = (payload: Payload, path: string, init: RequestInit = {}): Promise<Response> =>
  handleEndpoints({
    config: payload.config,
    payloadInstanceCacheKey: payloadCacheKey(payload),
    request: new Request(new URL(path, payload.config.serverURL || 'http://localhost'), init),
  })

/**
 * Sends a GraphQL request through Payload's GraphQL route handler (what the Next.js route mounts)
 * to this instance. The handler takes no cache key: it serves getPayload's `default` instance,
 * which is this one for the request (else the first instance a file started, stopped or not).
 */
export const graphqlRequest = async (
  payload: Payload,
  body: string,
  headers: Record<string, string> = {},
  /** The config the route was built with: another copy of it, as Next's dev server gives each route. */
  config: SanitizedConfig = payload.config,
): Promise<Response> => {
  const cache = (globalThis as { _payload?: Map<string, unknown> })._payload!
  const previous = cache.get('default')
  cache.set('default', cache.get(payloadCacheKey(payload)))
  try {
    return await GRAPHQL_POST(Promise.resolve(config))(
      new Request(new URL('/api/graphql', payload.config.serverURL || 'http://localhost'), {
        body,
        headers: { 'Content-Type': 'application/json', ...headers },
        method: 'POST',
      }),
    )
  } finally {
    if (previous === undefined) {
      cache.delete('default')
    } else {
      cache.set('default', previous)
    }
  }
}

/** A JWT for a user of the auth collection `collection`, as a login over HTTP would give. */
export const login = async (
  payload: Payload,
  credentials: { email: string; password: string },
  collection = USERS_SLUG,
): Promise<string> => {
  const { token } = await payload.login({ collection, data: credentials })
  if (!token) {
    throw new Error(`No token for ${credentials.email}`)
  }
  return token
}

interface PooledClient {
  _activeQuery: unknown
  _queryQueue: unknown[]
  release(): void
}

interface ConnectionHolders {
  client?: { close(): void }
  pool?: { _clients: PooledClient[]; end(): Promise<void>; on(event: 'error', listener: () => void): void }
}

/**
 * Stops the instance and closes its database connections (Payload's own destroy() leaves
 * them open), then forgets it in getPayload's cache.
 */
export const stopPayload = async (payload: Payload): Promise<void> => {
  const { client, pool } = payload.db as unknown as ConnectionHolders
  await payload.destroy()
  client?.close()
  if (pool) {
    // end() resolves before the idle connections have closed, so the caller may drop the
    // database under them; their "terminating connection" error is expected, not unhandled.
    pool.on('error', () => undefined)
    // end() closes the idle connections and waits for the checked-out ones. db-postgres checks
    // one out at connect (to watch for resets) and never releases it: release it here. A client
    // still running a query is left to release itself; releasing it too would release it twice.
    const ended = pool.end()
    for (const checkedOut of [...pool._clients]) {
      if (!checkedOut._activeQuery && checkedOut._queryQueue.length === 0) {
        checkedOut.release()
      }
    }
    await ended
  }
  const key = cacheKeys.get(payload)
  const cache = (globalThis as { _payload?: Map<string, unknown> })._payload
  if (key) {
    cache?.delete(key)
  }
}
