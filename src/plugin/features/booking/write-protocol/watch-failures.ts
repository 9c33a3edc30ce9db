import type { Payload, PayloadRequest } from 'payload'

import { noteRequestFailure } from './write-session.js'

type Hook = (args: { req?: PayloadRequest }) => unknown

const last = new WeakSet<object>()

/** Marks the ledger's afterOperation hook, which `watchReservationFailures` moves to the end. */
export const runLast = <H extends object>(hook: H): H => {
  last.add(hook)
  return hook
}

const WRITES = ['create', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany', 'upsert'] as const

/**
 * Makes the reservations collection report what fails a ledger write, once every plugin and
 * the host have added their hooks (this runs at init):
 * - the ledger's afterOperation runs last, so that a host hook throwing there still reaches
 *   Payload's rollback, which voids the write, instead of following a finished one;
 * - the first error of a host hook or of the adapter's own write is kept for the void's reason.
 */
export const watchReservationFailures = (payload: Payload, slug: string): void => {
  const hooks = payload.collections[slug]?.config.hooks as unknown as Record<string, Hook[] | undefined> | undefined
  if (!hooks) {
    return
  }
  const afterOperation = hooks.afterOperation ?? []
  hooks.afterOperation = [
    ...afterOperation.filter((hook) => !last.has(hook)),
    ...afterOperation.filter((hook) => last.has(hook)),
  ]
  for (const [name, list] of Object.entries(hooks)) {
    if (Array.isArray(list)) {
      hooks[name] = list.map((hook) => reporting(hook, (args) => args.req))
    }
  }
  const db = payload.db as unknown as Record<string, unknown>
  for (const method of WRITES) {
    const original = db[method]
    if (typeof original === 'function') {
      const bound = (original as Hook).bind(payload.db)
      db[method] = reporting(bound, (args: { collection?: string; req?: PayloadRequest }) =>
        args.collection === slug ? args.req : undefined,
      )
    }
  }
}

const reporting =
  <A extends { req?: PayloadRequest }>(call: (args: A) => unknown, requestOf: (args: A) => PayloadRequest | undefined) =>
  async (args: A): Promise<unknown> => {
    try {
      return await call(args)
    } catch (error) {
      noteRequestFailure(requestOf(args), error)
      throw error
    }
  }
