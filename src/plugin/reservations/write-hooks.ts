import type {
  CollectionAfterOperationHook,
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  CollectionBeforeOperationHook,
  JsonObject,
  PayloadRequest,
} from 'payload'

import { createHash, randomBytes } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'

import type { CommandOutcome, ExecuteOptions } from '../../commands/ledger.js'
import type { ReservationCommand, ReservationDetailChanges, ReservationState } from '../../commands/reservation-decider.js'
import type { Guest } from '../../events/types.js'
import type { ResolvedOptions } from '../options.js'

import { CommandRejected, isCommandRejected } from '../../events/rejection.js'
import { reservationDocument } from '../../projections/reservation-document.js'
import { getRuntime } from '../runtime.js'
import { buildBookingPlan, type PlanInput } from './booking-plan.js'
import { commandMeta } from './command-meta.js'
import { toPayloadError } from './ledger-error.js'
import { relationId } from './relation-id.js'
import { checkBookingRules } from './rules/index.js'
import type { BookingRuleContext } from './rules/booking-rule.js'
import { beginRequestWrite, finishRequestWrite, recordRequestWrite, requestWriteOf, requestWritesOf } from './request-writes.js'
import { validateDocument } from './validate-document.js'
import { runLast } from './watch-failures.js'

/** Set on `req.context` by server code that must bypass transition validation (docs/ARCHITECTURE.md, "Rules and access"). */
export const SKIP_RESERVATION_HOOKS = 'skipReservationHooks'

const SCHEDULE_FIELDS = ['service', 'resource', 'startTime', 'endTime', 'items', 'guestCount'] as const

/** Marks a reservation's document as written by this request, not by the background projector. */
const own = (req: PayloadRequest, reservationId: string): void => {
  getRuntime(req.payload).projector.requestOwned.add(reservationId)
}

const guestOf = (value: unknown): Guest | null => {
  if (!value || typeof value !== 'object') {
    return null
  }
  const { email, name, phone } = value as Record<string, unknown>
  const text = (x: unknown) => (typeof x === 'string' && x.trim() !== '' ? x.trim() : null)
  const guest = { email: text(email), name: text(name), phone: text(phone) }
  return guest.name || guest.email || guest.phone ? guest : null
}

/** Server code may record a status the machine would refuse (docs/ARCHITECTURE.md, "Rules and access"); HTTP callers cannot set context. */
const skipsTransitionValidation = (req: PayloadRequest): boolean => req.context[SKIP_RESERVATION_HOOKS] === true

const textOrNull = (value: unknown): null | string => (typeof value === 'string' && value !== '' ? value : null)

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * Runs one command of this request and records what it appended, so that a failure later in
 * the request voids it. `before` is the reservation before the request's first command.
 */
const run = async (
  req: PayloadRequest,
  options: ResolvedOptions,
  command: ReservationCommand,
  { before, reason, ...execute }: ExecuteOptions & { before: ReservationState; reason?: string },
): Promise<CommandOutcome> => {
  const reservationId = command.data.reservationId
  await beginRequestWrite(req)
  own(req, reservationId)
  let outcome: CommandOutcome
  try {
    outcome = await getRuntime(req.payload).ledger.execute(command, commandMeta(req, options, reason), execute)
  } catch (error) {
    throw isCommandRejected(error) ? toPayloadError(error, options.slugs.reservations) : error
  }
  const earlier = requestWriteOf(req, reservationId)
  recordRequestWrite(req, reservationId, {
    before,
    events: outcome.events,
    hooksRevision: earlier?.hooksRevision ?? -1,
    state: outcome.state,
  })
  return outcome
}

/** Payload's field validation of the document `next` projects to, before anything is appended. */
const approveDocument =
  (req: PayloadRequest, options: ResolvedOptions, operation: 'create' | 'update', originalDoc?: JsonObject) =>
  async (next: ReservationState): Promise<void> => {
    if (next.kind === 'active') {
      const document = reservationDocument(next.reservation, 0) as unknown as JsonObject
      await validateDocument({ collection: options.slugs.reservations, document, operation, originalDoc, req })
    }
  }

const documentOf = (outcome: CommandOutcome): Record<string, unknown> => {
  if (outcome.state.kind !== 'active') {
    throw new CommandRejected('not-found', 'Reservation not found')
  }
  return reservationDocument(outcome.state.reservation, outcome.revision)
}

const checkRules = async (context: Omit<BookingRuleContext, 'meta' | 'options'>, options: ResolvedOptions) => {
  try {
    await checkBookingRules({ ...context, meta: commandMeta(context.req, options), options })
  } catch (error) {
    throw isCommandRejected(error) ? toPayloadError(error, options.slugs.reservations) : error
  }
}

const planFor = async (req: PayloadRequest, options: ResolvedOptions, input: PlanInput, create: boolean) => {
  try {
    return await buildBookingPlan(req, input, options, {
      fillRequiredResources: create,
      keepEndTime: commandMeta(req, options).privileged,
    })
  } catch (error) {
    throw isCommandRejected(error) ? toPayloadError(error, options.slugs.reservations) : error
  }
}

/**
 * Every write to the reservations collection becomes a ledger command here: the command is
 * decided and appended first, and what Payload then saves is the resulting projection.
 */
export const reservationWriteHooks = (options: ResolvedOptions) => {
  /**
   * Reservation writes run outside Payload's request transaction. The ledger appends on its
   * own connections; a request holding a pooled connection open while it waits for them would
   * exhaust the pool under concurrent bookings (deadlock). The transaction was begun a moment
   * ago by this operation and holds nothing yet, so it is ended here. Consistency comes from
   * the ledger: documents are projections that catch-up repairs.
   */
  const beforeOperation: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
    const data = (args as { data?: unknown }).data
    // Payload's field traversal fails on data that is no object (a form-encoded or array body).
    if ((operation === 'create' || operation === 'update') && (typeof data !== 'object' || data === null || Array.isArray(data))) {
      throw toPayloadError(new CommandRejected('invalid', 'The request body must be a JSON object', 'data'), options.slugs.reservations)
    }
    if (operation === 'create' || operation === 'update' || operation === 'delete') {
      await beginRequestWrite(req)
    }
    // Payload's field traversal fails on a null group (a server error); null means "not given",
    // as POST /api/reserve/book takes it.
    if ((operation === 'create' || operation === 'update') && (data as Record<string, unknown>).guest === null) {
      const { guest: _notGiven, ...rest } = data as Record<string, unknown>
      return { ...args, data: rest }
    }
    return args
  }

  const beforeChange: CollectionBeforeChangeHook = async ({ data, operation, originalDoc, req }) => {
    if (operation === 'create') {
      const reservationId = uuidv7()
      const guest = guestOf(data.guest)
      const customer = relationId(data.customer)
      const token = guest && customer === null ? randomBytes(32).toString('base64url') : null
      const plan = await planFor(req, options, data, true)
      await checkRules({ customer, data, guest, operation: 'create', plan, req }, options)
      const outcome = await run(
        req,
        options,
        {
          data: {
            cancellationTokenHash: token ? createHash('sha256').update(token).digest('hex') : null,
            customer,
            guest,
            idempotencyKey: textOrNull(data.idempotencyKey),
            notes: textOrNull(data.notes),
            plan,
            reservationId,
            skipTransitionValidation: skipsTransitionValidation(req),
            status: typeof data.status === 'string' ? data.status : options.statusMachine.defaultStatus,
          },
          type: 'BookReservation',
        },
        { approve: approveDocument(req, options, 'create'), before: { kind: 'absent' } },
      )
      const { projector } = getRuntime(req.payload)
      if (token) {
        projector.tokens.set(reservationId, token)
      }
      return documentFor(req, reservationId, outcome)
    }

    const reservationId = String(originalDoc?.id)
    const commands: ReservationCommand[] = []
    const changes: ReservationDetailChanges = {}
    if ('notes' in data && !same(textOrNull(data.notes), originalDoc?.notes)) {
      changes.notes = textOrNull(data.notes)
    }
    if ('customer' in data && !same(relationId(data.customer), relationId(originalDoc?.customer))) {
      changes.customer = relationId(data.customer)
    }
    if ('guest' in data && !same(guestOf(data.guest), guestOf(originalDoc?.guest))) {
      changes.guest = guestOf(data.guest)
    }
    if (Object.keys(changes).length > 0) {
      commands.push({ data: { changes, reservationId }, type: 'UpdateReservationDetails' })
    }
    const moved = SCHEDULE_FIELDS.some(
      (field) => field in data && !same(normalise(field, data[field]), normalise(field, originalDoc?.[field])),
    )
    let plan = null
    if (moved) {
      const input: PlanInput = { ...originalDoc, ...data }
      // A new start or service recomputes the end unless the caller sets one explicitly.
      if (!('endTime' in data) || same(normalise('endTime', data.endTime), normalise('endTime', originalDoc?.endTime))) {
        delete input.endTime
      }
      plan = await planFor(req, options, input, false)
      commands.push({ data: { plan, reservationId }, type: 'RescheduleReservation' })
    }
    await checkRules(
      {
        customer: 'customer' in changes ? (changes.customer ?? null) : relationId(originalDoc?.customer),
        data,
        guest: 'guest' in changes ? (changes.guest ?? null) : guestOf(originalDoc?.guest),
        operation: 'update',
        originalDoc,
        plan,
        req,
      },
      options,
    )
    if (typeof data.status === 'string' && data.status !== originalDoc?.status) {
      commands.push({
        data: { reservationId, skipTransitionValidation: skipsTransitionValidation(req), to: data.status },
        type: 'ChangeReservationStatus',
      })
    }
    if (commands.length === 0) {
      // Nothing the ledger records changes: the document stays as the ledger made it (system
      // fields such as createdAt are not the caller's to write), its time stamp included.
      const { state } = await getRuntime(req.payload).ledger.load(reservationId)
      await beginRequestWrite(req)
      recordRequestWrite(req, reservationId, { before: state, events: [], hooksRevision: -1, state })
      return { ...originalDoc }
    }
    const reason = typeof req.context.reason === 'string' ? req.context.reason : undefined
    const ledger = getRuntime(req.payload).ledger
    const meta = commandMeta(req, options, reason)
    // All or nothing: the commands are decided together first, and the document they lead to
    // is validated, before the first one appends.
    let before: ReservationState
    try {
      const { state, next } = await ledger.precheck(reservationId, commands, meta)
      before = state
      await approveDocument(req, options, 'update', originalDoc)(next)
    } catch (error) {
      throw isCommandRejected(error) ? toPayloadError(error, options.slugs.reservations) : error
    }
    let outcome: CommandOutcome | undefined
    for (const command of commands) {
      outcome = await run(req, options, command, { before, reason })
    }
    return documentFor(req, reservationId, outcome!, originalDoc?.ledgerHooksRevision as null | number | undefined)
  }

  /**
   * Host callbacks fire once the whole operation has succeeded, from the events the request
   * appended. This hook runs after every other afterOperation hook (`runLast`): until the
   * request's write is finished here, anything that throws (a host hook, the document's time
   * stamp below) reaches Payload's rollback, which voids the write and notifies no one.
   */
  const afterOperation: CollectionAfterOperationHook = async ({ operation, req, result }) => {
    if (operation !== 'create' && operation !== 'update' && operation !== 'updateByID' && operation !== 'delete' && operation !== 'deleteByID') {
      return result
    }
    const { projector } = getRuntime(req.payload)
    for (const [id, write] of requestWritesOf(req)) {
      if (write.state.kind === 'active') {
        await keepLedgerTime(req, options, id, write.state.reservation.updatedAt, result)
      }
    }
    const writes = finishRequestWrite(req)
    for (const id of writes.keys()) {
      projector.requestOwned.delete(id)
    }
    // The write stands from here on: a callback that fails is logged, and catch-up delivers
    // what it missed again (at least once), without failing the caller's request.
    for (const [id, write] of writes) {
      if (write.state.kind === 'active' && write.events.length > 0) {
        await projector.emitHooks(id, req, write).catch((error: unknown) => {
          req.payload.logger.error({ err: error, msg: `payload-reserve-ledger: delivering the hooks of reservation ${id} failed` })
        })
      }
    }
    return result
  }

  const beforeDelete: CollectionBeforeDeleteHook = async ({ id, req }) => {
    const { state } = await getRuntime(req.payload).ledger.load(String(id))
    await run(req, options, { data: { reservationId: String(id) }, type: 'DeleteReservation' }, { before: state })
  }

  return { afterOperation: runLast(afterOperation), beforeChange, beforeDelete, beforeOperation }
}

/**
 * Payload stamps its own clock on an updated document; the ledger's decision time is the
 * truth, as a rebuild has it. Set it back within the request, in the stored document and in
 * what the request answers, so that no later write (the admin would read it as another user's
 * edit) and no rebuild differs from what the caller was given.
 */
const keepLedgerTime = async (
  req: PayloadRequest,
  options: ResolvedOptions,
  reservationId: string,
  updatedAt: string,
  result: unknown,
): Promise<void> => {
  const answered = (result as { docs?: unknown[] } | null)?.docs ?? [result]
  const docs = answered.filter(
    (doc): doc is { id: unknown; updatedAt?: unknown } => !!doc && typeof doc === 'object' && String((doc as { id?: unknown }).id) === reservationId,
  )
  if (docs.length === 0 || docs.every((doc) => doc.updatedAt === updatedAt)) {
    return
  }
  await req.payload.db.updateOne({
    collection: options.slugs.reservations,
    data: { updatedAt },
    id: reservationId,
    req,
    returning: false,
  })
  docs.forEach((doc) => (doc.updatedAt = updatedAt))
}

/**
 * The document a request saves: the ledger's projection of the reservation, with the hooks
 * checkpoint at the head already when no host hook listens for what it appended, so that the
 * request's own save is its last write of the document.
 */
const documentFor = (
  req: PayloadRequest,
  reservationId: string,
  outcome: CommandOutcome,
  storedHooksRevision?: null | number,
): Record<string, unknown> => {
  const write = requestWriteOf(req, reservationId)!
  const events = write.events
  const { projector } = getRuntime(req.payload)
  const delivered = storedHooksRevision ?? -1
  // Nothing older pending and nothing anyone listens for: delivered up to the head already.
  const atHead = delivered >= (events[0]?.revision ?? 0) - 1 && !projector.hasListeners(events)
  write.hooksRevision = atHead ? outcome.revision : delivered
  return { ...documentOf(outcome), ledgerHooksRevision: write.hooksRevision }
}

const normalise = (field: (typeof SCHEDULE_FIELDS)[number], value: unknown): unknown => {
  switch (field) {
    case 'endTime':
    case 'startTime':
      return isoOrRaw(value)
    case 'guestCount':
      return value ?? 1
    case 'items':
      return Array.isArray(value)
        ? value.map((item: Record<string, unknown>) => ({
            endTime: isoOrRaw(item.endTime),
            guestCount: item.guestCount ?? null,
            resource: relationId(item.resource),
            service: relationId(item.service),
            startTime: isoOrRaw(item.startTime),
          }))
        : []
    default:
      return relationId(value)
  }
}

/** A date as ISO text for comparing; what is not a date stays as given (the plan refuses it with a 400). */
const isoOrRaw = (value: unknown): unknown => {
  if (value === undefined || value === null || value === '') {
    return null
  }
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN
  return Number.isFinite(ms) ? new Date(ms).toISOString() : value
}
