import type {
  CollectionBeforeOperationHook,
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionAfterErrorHook,
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  PayloadRequest,
} from 'payload'

import { createHash, randomBytes } from 'node:crypto'
import { commitTransaction } from 'payload'
import { v7 as uuidv7 } from 'uuid'

import type { CommandOutcome } from '../../commands/ledger.js'
import type { ReservationCommand, ReservationDetailChanges } from '../../commands/reservation-decider.js'
import type { Guest } from '../../events/types.js'
import type { ResolvedOptions } from '../options.js'

import { CommandRejected, isCommandRejected } from '../../commands/rejection.js'
import { reservationDocument } from '../../projections/reservation-document.js'
import type { WrittenDocument } from '../../projections/reservations-projector.js'
import { getRuntime } from '../runtime.js'
import { buildBookingPlan, type PlanInput } from './booking-plan.js'
import { commandMeta } from './command-meta.js'
import { toPayloadError } from './ledger-error.js'
import { relationId } from './relation-id.js'
import { checkBookingRules } from './rules/index.js'
import type { BookingRuleContext } from './rules/booking-rule.js'

/** Set on `req.context` by server code that must bypass transition validation (SPEC 3). */
export const SKIP_RESERVATION_HOOKS = 'skipReservationHooks'

const OWNED = 'reserveLedgerOwned'

const SCHEDULE_FIELDS = ['service', 'resource', 'startTime', 'endTime', 'items', 'guestCount'] as const

const ownedIds = (req: PayloadRequest): string[] => (req.context[OWNED] as string[] | undefined) ?? []

/** Marks a reservation's document as written by this request, not by the background projector. */
const own = (req: PayloadRequest, reservationId: string): void => {
  getRuntime(req.payload).projector.requestOwned.add(reservationId)
  req.context[OWNED] = [...ownedIds(req), reservationId]
}

/** What each request's own writes left for afterChange to deliver, by reservation id. */
const writtenByRequest = new WeakMap<PayloadRequest, Map<string, WrittenDocument>>()

const remember = (req: PayloadRequest, reservationId: string, written: WrittenDocument): void => {
  const byId = writtenByRequest.get(req) ?? new Map<string, WrittenDocument>()
  byId.set(reservationId, written)
  writtenByRequest.set(req, byId)
}

const release = (req: PayloadRequest): string[] => {
  const ids = ownedIds(req)
  const { projector } = getRuntime(req.payload)
  ids.forEach((id) => {
    projector.requestOwned.delete(id)
    writtenByRequest.get(req)?.delete(id)
  })
  req.context[OWNED] = []
  return ids
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

/** Server code may record a status the machine would refuse (SPEC 3 rule 4); HTTP callers cannot set context. */
const skipsTransitionValidation = (req: PayloadRequest): boolean => req.context[SKIP_RESERVATION_HOOKS] === true

const textOrNull = (value: unknown): null | string => (typeof value === 'string' && value !== '' ? value : null)

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

const run = async (
  req: PayloadRequest,
  options: ResolvedOptions,
  command: ReservationCommand,
  reason?: string,
): Promise<CommandOutcome> => {
  try {
    return await getRuntime(req.payload).ledger.execute(command, commandMeta(req, options, reason))
  } catch (error) {
    throw isCommandRejected(error) ? toPayloadError(error, options.slugs.reservations) : error
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
    if ((operation === 'create' || operation === 'update' || operation === 'delete') && req.transactionID) {
      await commitTransaction(req)
    }
    // Payload's field traversal fails on a null group (a server error); null means "not given",
    // as POST /api/reserve/book takes it.
    const data = (args as { data?: Record<string, unknown> }).data
    if ((operation === 'create' || operation === 'update') && data?.guest === null) {
      const { guest: _notGiven, ...rest } = data
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
      own(req, reservationId)
      const outcome = await run(req, options, {
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
      })
      const { projector } = getRuntime(req.payload)
      if (token) {
        projector.tokens.set(reservationId, token)
      }
      // Events no hook listens for are delivered as soon as they are written.
      const hooksRevision = projector.hasListeners(outcome.events) ? -1 : outcome.revision
      remember(req, reservationId, { events: outcome.events, hooksRevision, state: outcome.state })
      return { ...documentOf(outcome), ledgerHooksRevision: hooksRevision }
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
      if (!('endTime' in data) || same(data.endTime, originalDoc?.endTime)) {
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
      return { ...originalDoc, ...data, ...pick(originalDoc) }
    }
    const reason = typeof req.context.reason === 'string' ? req.context.reason : undefined
    if (commands.length > 1) {
      // All or nothing: a refused status change must not leave the reschedule before it applied.
      try {
        await getRuntime(req.payload).ledger.precheck(reservationId, commands, commandMeta(req, options, reason))
      } catch (error) {
        throw isCommandRejected(error) ? toPayloadError(error, options.slugs.reservations) : error
      }
    }
    own(req, reservationId)
    let outcome: CommandOutcome | undefined
    const events: CommandOutcome['events'] = []
    for (const command of commands) {
      outcome = await run(req, options, command, reason)
      events.push(...outcome.events)
    }
    const hooksRevision = (originalDoc?.ledgerHooksRevision as null | number | undefined) ?? -1
    remember(req, reservationId, { events, hooksRevision, state: outcome!.state })
    return { ...documentOf(outcome!), ledgerHooksRevision: hooksRevision }
  }

  const afterChange: CollectionAfterChangeHook = async ({ doc, req }) => {
    const ids = ownedIds(req)
    try {
      const written = writtenByRequest.get(req)
      for (const id of ids) {
        await getRuntime(req.payload).projector.emitHooks(id, req, written?.get(id))
      }
    } finally {
      release(req)
    }
    return doc
  }

  const beforeDelete: CollectionBeforeDeleteHook = async ({ id, req }) => {
    own(req, String(id))
    await run(req, options, { data: { reservationId: String(id) }, type: 'DeleteReservation' })
  }

  const afterDelete: CollectionAfterDeleteHook = ({ req }) => {
    release(req)
  }

  // The ledger holds the truth: when Payload fails after the append, project from the stream.
  const afterError: CollectionAfterErrorHook = ({ req }) => {
    const { projector } = getRuntime(req.payload)
    for (const id of release(req)) {
      projector.projectSoon(id, 250, (error: unknown) => {
        req.payload.logger.error({ err: error, msg: 'payload-reserve-ledger: projection failed' })
      })
    }
  }

  return { afterChange, afterDelete, afterError, beforeChange, beforeDelete, beforeOperation }
}

/** The fields the ledger owns; kept from the stored document on updates that change nothing. */
const pick = (doc: Record<string, unknown> | undefined) => {
  const { ledgerHooksRevision, ledgerRevision, status } = doc ?? {}
  return { ledgerHooksRevision, ledgerRevision, status }
}

const normalise = (field: (typeof SCHEDULE_FIELDS)[number], value: unknown): unknown => {
  switch (field) {
    case 'endTime':
    case 'startTime':
      return value ? new Date(value as string).toISOString() : null
    case 'guestCount':
      return value ?? 1
    case 'items':
      return Array.isArray(value)
        ? value.map((item: Record<string, unknown>) => ({
            endTime: item.endTime ? new Date(item.endTime as string).toISOString() : null,
            guestCount: item.guestCount ?? null,
            resource: relationId(item.resource),
            service: relationId(item.service),
            startTime: item.startTime ? new Date(item.startTime as string).toISOString() : null,
          }))
        : []
    default:
      return relationId(value)
  }
}
