import type { Payload } from 'payload'

import type { WriteProtocolOptions } from './write-protocol-options.js'
import type { ReserveRuntime } from '../../../services.js'

import { appendDecidedWritesOnSave } from './append-on-save.js'
import { voidFailedWrites } from './void-failed-writes.js'
import { watchReservationFailures } from './watch-failures.js'
import { endWriteSession } from './write-session.js'

/** One Payload internal the plugin replaces: which, what the replacement does, and why. */
export interface Interception {
  /** The file that replaces it. */
  readonly in: string
  /** `db.<method>` of the database adapter, or the reservations collection's hook lists. */
  readonly method: string
  readonly what: string
  readonly why: string
}

/**
 * Every Payload internal the write protocol replaces. test/integration/booking/write-protocol-payload-contract.test.ts
 * holds Payload to what these replacements read (names, arguments, call order) and checks that
 * the adapter methods listed here are exactly the ones replaced.
 */
export const INTERCEPTIONS = [
  {
    in: 'append-on-save.ts',
    method: 'db.create',
    what: "Appends the write the reservations collection's hooks decided, then inserts the document with the revisions the append reached and the ledger's time.",
    why: "Nothing reaches the ledger before Payload's field validation and every beforeChange hook (the host's too) accepted the document.",
  },
  {
    in: 'append-on-save.ts',
    method: 'db.updateOne',
    what: "As db.create, for an update, in place of the time Payload stamps; a reservation document's saves in this process go one at a time.",
    why: "As db.create; the save runs outside Payload's transaction, so a second write of the ledger's time would show other processes the first; two saves of one document at once race on its localized and array rows, and an older save could overwrite a newer append's.",
  },
  ...(['db.create', 'db.updateOne', 'db.updateMany', 'db.deleteOne', 'db.deleteMany', 'db.upsert'] as const).map((method) => ({
    in: 'watch-failures.ts',
    method,
    what: "Keeps the first error of the adapter's write of a reservation for the request's write session.",
    why: 'A void records why the request failed: Payload tells its rollback only that it did.',
  })),
  {
    in: 'interceptions.ts',
    method: 'db.commitTransaction',
    what: "Ends a write session given its id (the operation ended without the plugin's afterOperation); other ids go to the adapter.",
    why: "A reservation write runs outside Payload's transaction (the ledger appends on its own connections): its id is the session's, not the adapter's.",
  },
  {
    in: 'interceptions.ts',
    method: 'db.rollbackTransaction',
    what: 'Voids what the rolled-back session appended (void-failed-writes.ts); other ids go to the adapter.',
    why: "Payload's rollback is the one signal, on every route (REST, GraphQL, Local API, admin), that an operation failed after the ledger appended.",
  },
  {
    in: 'interceptions.ts',
    method: 'db.destroy',
    what: "Stops the ledger (or its wait for the tables, start-ledger.ts), then the adapter's destroy.",
    why: "Payload has no shutdown hook; its destroy() ends with the adapter's.",
  },
  {
    in: 'watch-failures.ts',
    method: 'collection hooks (reservations)',
    what: "Wraps every hook to keep its first error for the session; moves the plugin's afterOperation behind every other.",
    why: "A host afterOperation hook that throws still reaches Payload's rollback (a void), instead of following a finished write.",
  },
] as const satisfies readonly Interception[]

/** Runs `stop` when Payload is destroyed, before the adapter's own destroy. */
export const beforeDestroy = (payload: Payload, stop: () => Promise<void> | void): void => {
  const destroy = payload.db.destroy?.bind(payload.db)
  payload.db.destroy = async () => {
    await stop()
    await destroy?.()
  }
}

/**
 * Routes the end of a write session's request: rolled back (the operation threw after
 * beginRequestWrite), its writes are voided; committed (the operation ended without our
 * afterOperation, which a host hook's own early return can cause), it is dropped. Other ids go
 * to the adapter.
 */
const endSessionsOnCommitOrRollback = (payload: Payload, services: Pick<ReserveRuntime, 'ledger' | 'ownership' | 'projector'>): void => {
  const db = payload.db
  const rollback = db.rollbackTransaction.bind(db)
  const commit = db.commitTransaction.bind(db)
  db.rollbackTransaction = async (id) => {
    const ended = endWriteSession(id instanceof Promise ? await id : id)
    if (!ended) {
      return rollback(id)
    }
    if (ended.writes.size > 0) {
      await voidFailedWrites(payload, services, ended.writes, ended.failure)
    }
  }
  db.commitTransaction = async (id) => {
    if (!endWriteSession(id instanceof Promise ? await id : id)) {
      return commit(id)
    }
  }
}

/** Installs every interception of INTERCEPTIONS on a started Payload, with its running ledger; `stop` stops that. */
export const installWriteProtocol = (payload: Payload, options: WriteProtocolOptions, runtime: Pick<ReserveRuntime, 'ledger' | 'ownership' | 'projector' | 'stop'>): void => {
  endSessionsOnCommitOrRollback(payload, runtime)
  appendDecidedWritesOnSave(payload, options, runtime)
  watchReservationFailures(payload, options.slugs.reservations)
  beforeDestroy(payload, () => runtime.stop())
}
