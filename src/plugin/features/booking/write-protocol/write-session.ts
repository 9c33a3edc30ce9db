import type { JsonObject, PayloadRequest } from 'payload'

import { commitTransaction } from 'payload'
import { v7 as uuidv7 } from 'uuid'

import type { RecordedEvent, ReservationEvent, SiteFields } from '../../../../events/types.js'
import type { CommandMeta, Tracer } from '../../../../commands/ledger.js'
import type { ReservationCommand } from '../../../../commands/reservation-commands.js'
import type { ReservationState } from '../../../../commands/reservation-state.js'

/** A write the reservations collection's beforeChange hook decided, to append as Payload saves it. */
export interface DecidedWrite {
  /** A write appended its own way (a series, `series/create-series.ts`), answering the data to save. */
  append?: (data: JsonObject) => Promise<JsonObject>
  /** Once its events are appended (a guest's cancellation token is kept for the hooks). */
  appended?: () => void
  /** The reservation before the request's first command. */
  before: ReservationState
  /** None where only the site's fields may change: they are known at the save. */
  commands: ReservationCommand[]
  /** Who acts, and the decision's time: a retry decides at the same time, to the same document. */
  meta: CommandMeta
  /** The state the decision leads to, whose document Payload validates. */
  next: ReservationState
  operation: 'create' | 'update'
  originalDoc?: JsonObject
  /** The site's fields as the decided document gave them to Payload (one locale's values): a retry's document is validated with them. */
  siteData: JsonObject
  /** An update: the site's fields as the stored document showed them (`site-fields.ts`). */
  siteShown?: SiteFields
  /** The hooks checkpoint of the stored document, for an update. */
  storedHooksRevision?: null | number
  /** An update: the revision the stored document shows, which it keeps when nothing changes. */
  storedRevision?: number
}

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
interface WriteSession {
  failure?: unknown
  readonly writes: Map<string, RequestWrite>
}

/**
 * Everything the plugin keeps for one request, in this one store: it lives as long as the
 * request object does. Its ledger write, from beginRequestWrite until Payload commits or rolls
 * it back, is found by the transaction id the request carries (below).
 */
interface RequestSession {
  /** Customers already looked up, by id: the book endpoint's check and the booking rule share one read. */
  readonly customers: Map<string, boolean>
  /** Writes the collection's hooks decided, by reservation id, for the adapter's save to append (`append-on-save.ts`). */
  readonly decided: Map<string, DecidedWrite>
  /** The request's debug trace (`debug: true`). */
  tracer?: Tracer
}

const PREFIX = 'reserve-ledger-write:'

const store = new WeakMap<PayloadRequest, RequestSession>()

/**
 * The write sessions in progress by the transaction id their request carries: Payload's commit
 * and rollback are given that id alone, and a nested operation may carry it on another request
 * object.
 */
const writing = new Map<string, WriteSession>()

/** The request's session, begun at its first use. */
export const requestSession = (req: PayloadRequest): RequestSession => {
  let session = store.get(req)
  if (!session) {
    session = { customers: new Map(), decided: new Map() }
    store.set(req, session)
  }
  return session
}

const writeSessionOf = (req: Partial<Pick<PayloadRequest, 'transactionID'>>): undefined | WriteSession =>
  typeof req.transactionID === 'string' ? writing.get(req.transactionID) : undefined

/**
 * Starts a reservation write on `req`. Payload ends every write operation either by committing
 * its request transaction or, on any error, by rolling it back — on every route (REST, GraphQL,
 * the Local API, the admin), where its `afterError` hooks run only for some. So the request's
 * own transaction, which a reservation write must not hold open anyway (the ledger appends on
 * its own connections), is committed here and replaced by an id of the ledger's: its rollback
 * is the signal that the operation failed after the ledger may have appended (see
 * `interceptions.ts`). The database adapters treat an id without a session as no
 * transaction.
 */
export const beginRequestWrite = async (req: PayloadRequest): Promise<void> => {
  if (writeSessionOf(req)) {
    return
  }
  if (req.transactionID) {
    await commitTransaction(req)
  }
  const id = `${PREFIX}${uuidv7()}`
  writing.set(id, { writes: new Map() })
  req.transactionID = id
}

/** Records what a request appended for a reservation (several commands add up). */
export const recordRequestWrite = (req: PayloadRequest, reservationId: string, write: RequestWrite): void => {
  const session = writeSessionOf(req)
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
  const session = req ? writeSessionOf(req) : undefined
  if (session && session.failure === undefined) {
    session.failure = error
  }
}

/** What the request wrote for a reservation so far. */
export const requestWriteOf = (req: Partial<Pick<PayloadRequest, 'transactionID'>>, reservationId: string): RequestWrite | undefined =>
  writeSessionOf(req)?.writes.get(reservationId)

/** Ends the request's write as succeeded: its writes, and the request without the ledger's id. */
export const finishRequestWrite = (req: PayloadRequest): Map<string, RequestWrite> => {
  const session = writeSessionOf(req)
  if (!session) {
    return new Map()
  }
  writing.delete(req.transactionID as string)
  delete req.transactionID
  return session.writes
}

/** Leaves the decision on `req` for the adapter's save of reservation `id`. */
export const appendOnSave = (req: PayloadRequest, id: string, write: DecidedWrite): void => {
  requestSession(req).decided.set(id, write)
}

/** The decision left for this save, taken: the request it was made in saves it once. */
export const takeDecided = (req: Partial<PayloadRequest> | undefined, id: unknown): { req: PayloadRequest; write: DecidedWrite } | undefined => {
  const writes = req ? store.get(req as PayloadRequest)?.decided : undefined
  const write = writes?.get(String(id))
  if (!write) {
    return undefined
  }
  writes!.delete(String(id))
  return { req: req as PayloadRequest, write }
}

/**
 * Ends the write session whose transaction id Payload commits or rolls back: its writes (to
 * void, on a rollback) and why it failed. Null for an id that is not a session's: the adapter's.
 */
export const endWriteSession = (key: unknown): null | { failure: unknown; writes: Map<string, RequestWrite> } => {
  if (typeof key !== 'string' || !key.startsWith(PREFIX)) {
    return null
  }
  const session = writing.get(key)
  writing.delete(key)
  return { failure: session?.failure, writes: session?.writes ?? new Map() }
}
