import type { Payload, PayloadRequest } from 'payload'

import { commitTransaction } from 'payload'
import { v7 as uuidv7 } from 'uuid'

import type { RecordedEvent, ReservationEvent } from '../../events/types.js'
import type { ReservationState } from '../../commands/reservation-state.js'

/** What one request appended for one reservation, and the states around it. */
export interface RequestWrite {
  /** The reservation before the request's first event (what a void restores). */
  before: ReservationState
  events: RecordedEvent<ReservationEvent>[]
  /** The hooks checkpoint the request stored in the document. */
  hooksRevision: number
  /** The stream revision the document the request saved reflects. */
  revision: number
  state: ReservationState
}

/** A request writing reservations: its ledger writes, by reservation id, and why it failed. */
interface Session {
  failure?: unknown
  readonly writes: Map<string, RequestWrite>
}

const PREFIX = 'reserve-ledger-write:'

/** Sessions by the transaction id their request carries. */
const sessions = new Map<string, Session>()

const sessionOf = (req: PayloadRequest): Session | undefined =>
  typeof req.transactionID === 'string' ? sessions.get(req.transactionID) : undefined

/**
 * Starts a reservation write on `req`. Payload ends every write operation either by committing
 * its request transaction or, on any error, by rolling it back — on every route (REST, GraphQL,
 * the Local API, the admin), where its `afterError` hooks run only for some. So the request's
 * own transaction, which a reservation write must not hold open anyway (the ledger appends on
 * its own connections), is committed here and replaced by an id of the ledger's: its rollback
 * is the signal that the operation failed after the ledger may have appended (see
 * `watchRequestWrites`). The database adapters treat an id without a session as no
 * transaction.
 */
export const beginRequestWrite = async (req: PayloadRequest): Promise<void> => {
  if (sessionOf(req)) {
    return
  }
  if (req.transactionID) {
    await commitTransaction(req)
  }
  const id = `${PREFIX}${uuidv7()}`
  sessions.set(id, { writes: new Map() })
  req.transactionID = id
}

/** Records what a request appended for a reservation (several commands add up). */
export const recordRequestWrite = (req: PayloadRequest, reservationId: string, write: RequestWrite): void => {
  const session = sessionOf(req)
  if (!session) {
    throw new Error('payload-reserve-ledger: a reservation write outside beginRequestWrite')
  }
  const earlier = session.writes.get(reservationId)
  session.writes.set(
    reservationId,
    earlier ? { ...write, before: earlier.before, events: [...earlier.events, ...write.events] } : write,
  )
}

/**
 * Keeps the first error a request's operation met (a host hook, the adapter's write), so that
 * a void records it: Payload's rollback of the request is told only that it failed.
 */
export const noteRequestFailure = (req: PayloadRequest | undefined, error: unknown): void => {
  const session = req ? sessionOf(req) : undefined
  if (session && session.failure === undefined) {
    session.failure = error
  }
}

/** What the request wrote for a reservation so far. */
export const requestWriteOf = (req: PayloadRequest, reservationId: string): RequestWrite | undefined =>
  sessionOf(req)?.writes.get(reservationId)

/** What the request wrote so far, by reservation id. */
export const requestWritesOf = (req: PayloadRequest): ReadonlyMap<string, RequestWrite> => sessionOf(req)?.writes ?? new Map()

/** Ends the request's write as succeeded: its writes, and the request without the ledger's id. */
export const finishRequestWrite = (req: PayloadRequest): Map<string, RequestWrite> => {
  const session = sessionOf(req)
  if (!session) {
    return new Map()
  }
  sessions.delete(req.transactionID as string)
  delete req.transactionID
  return session.writes
}

/**
 * Routes the end of a ledger write's request to `onFailed` (rolled back: the operation threw
 * after beginRequestWrite) or drops it (committed: the operation ended without our
 * afterOperation, which a host hook's own early return can cause). Other ids go to the adapter.
 */
export const watchRequestWrites = (
  payload: Payload,
  onFailed: (writes: Map<string, RequestWrite>, failure: unknown) => Promise<void>,
): void => {
  const db = payload.db
  const rollback = db.rollbackTransaction.bind(db)
  const commit = db.commitTransaction.bind(db)
  db.rollbackTransaction = async (id) => {
    const key = id instanceof Promise ? await id : id
    const session = typeof key === 'string' ? sessions.get(key) : undefined
    if (typeof key === 'string' && key.startsWith(PREFIX)) {
      sessions.delete(key)
      if (session && session.writes.size > 0) {
        await onFailed(session.writes, session.failure)
      }
      return
    }
    return rollback(id)
  }
  db.commitTransaction = async (id) => {
    const key = id instanceof Promise ? await id : id
    if (typeof key === 'string' && key.startsWith(PREFIX)) {
      sessions.delete(key)
      return
    }
    return commit(id)
  }
}
