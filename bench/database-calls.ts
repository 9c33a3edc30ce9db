import type { Payload } from 'payload'

/** The adapter methods through which Payload and the plugin reach the database. */
const METHODS = [
  'beginTransaction',
  'commitTransaction',
  'count',
  'create',
  'deleteMany',
  'deleteOne',
  'find',
  'findOne',
  'rollbackTransaction',
  'updateMany',
  'updateOne',
  'upsert',
] as const

export interface CallTally {
  /** `method collection` → calls and total milliseconds. */
  calls: Record<string, { count: number; ms: number }>
  total: number
}

type Method = (...args: unknown[]) => Promise<unknown>

/**
 * The event store's own statements: on the SQL adapters it runs on drizzle directly, so these
 * never pass through `payload.db`. Counted by method and stream family (`reserve-resource`, …).
 */
const STORE_METHODS = ['append', 'appendAtomically', 'readAll', 'readStream', 'streamRevision'] as const

const streamFamily = (args: unknown[]): string => {
  const first = args[0]
  const requests = Array.isArray(first) ? first : [first]
  const streams = requests.map((request) =>
    typeof request === 'string' ? request : ((request as { stream?: string } | undefined)?.stream ?? ''),
  )
  // `reserve-resource-<id>` → `reserve-resource`; ids may contain dashes themselves (UUIDs).
  const families = [...new Set(streams.filter(Boolean).map((stream) => stream.replace(/^(reserve-[a-z]+)-.*$/, '$1')))]
  return families.join('+')
}

/**
 * Counts the database adapter calls and the event store's calls made while `run` runs, by
 * method and collection (or stream family), with the time spent in them: which queries one
 * request costs. Payload and the plugin call `payload.db.<method>` and `store.<method>` at call
 * time, so wrapping those methods sees all of them. Calls outside `run` pass through untouched.
 */
export const databaseCallCounter = (payload: Payload, store: object) => {
  let tally: CallTally | null = null
  const wrap = (target: Record<string, Method>, names: readonly string[], keyOf: (name: string, args: unknown[]) => string) => {
    for (const name of names) {
      const original = target[name]
      if (typeof original !== 'function') {
        continue
      }
      target[name] = async function (this: unknown, ...args: unknown[]) {
        const current = tally
        if (!current) {
          return original.apply(this, args)
        }
        const started = performance.now()
        try {
          return await original.apply(this, args)
        } finally {
          const entry = (current.calls[keyOf(name, args)] ??= { count: 0, ms: 0 })
          entry.count++
          entry.ms += performance.now() - started
          current.total++
        }
      }
    }
  }
  wrap(payload.db as unknown as Record<string, Method>, METHODS, (name, args) => {
    const collection = (args[0] as { collection?: string } | undefined)?.collection
    return collection ? `${name} ${collection}` : name
  })
  // Store calls made through payload.db (MongoDB) are counted twice over: as store and as db calls.
  wrap(store as Record<string, Method>, STORE_METHODS, (name, args) => `store.${name} ${streamFamily(args)}`.trim())
  return {
    async during<T>(run: () => Promise<T>): Promise<{ result: T; tally: CallTally }> {
      tally = { calls: {}, total: 0 }
      const own = tally
      try {
        return { result: await run(), tally: own }
      } finally {
        tally = null
      }
    },
  }
}
