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
 * Counts the database adapter calls made while `run` runs, by method and collection, with the
 * time spent in them: which queries one request costs. Payload and the plugin call
 * `payload.db.<method>` at call time, so wrapping the adapter's methods sees all of them.
 * Calls outside `run` pass through untouched.
 */
export const databaseCallCounter = (payload: Payload) => {
  const db = payload.db as unknown as Record<string, Method>
  let tally: CallTally | null = null
  for (const name of METHODS) {
    const original = db[name]
    if (typeof original !== 'function') {
      continue
    }
    db[name] = async function (this: unknown, ...args: unknown[]) {
      const current = tally
      if (!current) {
        return original.apply(this, args)
      }
      const started = performance.now()
      try {
        return await original.apply(this, args)
      } finally {
        const collection = (args[0] as { collection?: string } | undefined)?.collection
        const key = collection ? `${name} ${collection}` : name
        const entry = (current.calls[key] ??= { count: 0, ms: 0 })
        entry.count++
        entry.ms += performance.now() - started
        current.total++
      }
    }
  }
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
