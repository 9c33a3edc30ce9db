import type { JsonObject, Payload, PayloadRequest } from 'payload'

import type { ReservationState } from '../../../../commands/reservation-state.js'
import type { WriteProtocolOptions } from './write-protocol-options.js'
import type { ReserveRuntime } from '../../../services.js'

import { KeyedQueue } from '../../../../concurrency/keyed-queue.js'
import { ownDocument } from '../../../../projections/reservation-document.js'
import { reservationTenantField } from '../../../shared/tenancy/tenancy.js'
import { refusalAsPayloadError } from '../../../shared/refusals.js'
import { beginRequestWrite, recordRequestWrite, requestWriteOf, takeDecided, type DecidedWrite } from './write-session.js'
import { approveDocument, requestDocument, runRequestCommands } from './request-command.js'
import { siteFieldsOf, withSiteFields } from '../site-fields.js'

/** The one document a write's `where` names by id (`{ id }` or the first of an `and`), if it does. */
const documentIdOf = (where: unknown): number | string | undefined => {
  const clause = where as undefined | { and?: unknown[]; id?: { equals?: unknown } }
  const equals = (clause?.id ?? (clause?.and?.[0] as undefined | { id?: { equals?: unknown } })?.id)?.equals
  return typeof equals === 'string' || typeof equals === 'number' ? equals : undefined
}

/**
 * The ledger's time of a reservation the request wrote, saved in place of the clock Payload
 * stamps on an update: a reservation's save runs outside Payload's transaction, so a second
 * write setting it back would let another process's catch-up see, and repair, the first.
 */
const ledgerTimeOf = (req: Partial<PayloadRequest> | undefined, id: string): { updatedAt?: string } => {
  const state = req ? requestWriteOf(req, id)?.state : undefined
  return state?.kind === 'active' ? { updatedAt: state.reservation.updatedAt } : {}
}

/**
 * Appends a decided write and answers the data to save: Payload's (its field hooks may have
 * changed it) with the revisions the append reached. A retry after a concurrent append that
 * leads to another document validates that document before it is appended, and saves it.
 */
const appendDecided = async (
  req: PayloadRequest,
  options: WriteProtocolOptions,
  services: Pick<ReserveRuntime, 'ledger' | 'ownership' | 'projector'>,
  id: string,
  write: DecidedWrite,
  data: JsonObject,
) => {
  if (write.append) {
    return write.append(data)
  }
  const { operation, siteShown = {} } = write
  const commands = withSiteFields(req.payload, siteFieldsOf(req.payload, options), { commands: write.commands, operation, reservationId: id, shown: siteShown }, data)
  if (commands.length === 0) {
    // Nothing the ledger records changes: the document is saved as the ledger made it.
    await beginRequestWrite(req)
    recordRequestWrite(req, id, { before: write.before, events: [], hooksRevision: -1, revision: write.storedRevision ?? -1, state: write.before })
    return data
  }
  const tenantField = reservationTenantField(req.payload, options)
  // The site's fields are left out: Payload validated them, and a retry does not change them.
  const documentOf = (state: ReservationState) => (state.kind === 'active' ? JSON.stringify(ownDocument(state.reservation, 0, tenantField)) : null)
  const validated = documentOf(write.next)
  const approve = approveDocument(req, options, operation, write.originalDoc, write.siteData)
  try {
    const outcome = await runRequestCommands(req, options, services, commands, {
      // A change of the site's fields alone changes nothing Payload has not validated.
      approve: (next) => (write.commands.length === 0 || documentOf(next) === validated ? undefined : approve(next)),
      before: write.before,
      meta: write.meta,
    })
    write.appended?.()
    const document = requestDocument(req, options, services, id, outcome, write.storedHooksRevision)
    if (documentOf(outcome.state) !== validated) {
      return { ...data, ...document }
    }
    const { ledgerHooksRevision, ledgerRevision } = document as { ledgerHooksRevision?: number; ledgerRevision: number }
    return { ...data, ledgerRevision, ...(ledgerHooksRevision === undefined ? {} : { ledgerHooksRevision }) }
  } catch (error) {
    throw refusalAsPayloadError(error, options.slugs.reservations)
  }
}

/**
 * The ledger appends a reservation write inside the adapter's save of its document: after
 * Payload's field validation and every hook before the save have accepted the document the
 * decision leads to, so that nothing they refuse reaches the ledger, and before the row is
 * written. Saves without a decision (projections, catch-up) pass through.
 */
export const appendDecidedWritesOnSave = (
  payload: Payload,
  options: WriteProtocolOptions,
  services: Pick<ReserveRuntime, 'ledger' | 'ownership' | 'projector'>,
): void => {
  const db = payload.db
  const slug = options.slugs.reservations
  const create = db.create.bind(db)
  const updateOne = db.updateOne.bind(db)
  // A reservation document's writes (a request's append and save, the projector's, the hooks
  // checkpoint) go one at a time in this process: two saves of one document at once race on
  // its localized and array rows (PostgreSQL refuses the second's as a duplicate), and the
  // later append's document could be overwritten by the earlier one's.
  const saves = new KeyedQueue()
  db.create = async (args) => {
    const taken = args.collection === slug ? takeDecided(args.req, args.data.id) : undefined
    if (!taken) {
      return create(args)
    }
    const data = await appendDecided(taken.req, options, services, String(args.data.id), taken.write, args.data)
    return create({ ...args, data: { ...data, ...ledgerTimeOf(args.req, String(args.data.id)) } })
  }
  db.updateOne = async (args) => {
    const id = 'id' in args && args.id !== undefined ? args.id : documentIdOf(args.where)
    if (args.collection !== slug || id === undefined) {
      return updateOne(args)
    }
    return saves.run(String(id), async () => {
      const taken = takeDecided(args.req, id)
      const data = taken ? await appendDecided(taken.req, options, services, String(id), taken.write, args.data) : args.data
      return updateOne({ ...args, data: { ...data, ...ledgerTimeOf(args.req, String(id)) } })
    })
  }
}
