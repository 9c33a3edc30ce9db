import type {
  CollectionAfterOperationHook,
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  CollectionBeforeOperationHook,
  JsonObject,
  PayloadRequest,
} from 'payload'

import { ValidationError } from 'payload'
import { createHash, randomBytes } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'

import type { Ledger } from '../../../commands/ledger.js'
import type { ReservationState } from '../../../commands/reservation-state.js'
import type { SiteFields } from '../../../events/types.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'
import type { BookingWriteOptions } from './booking-write-options.js'
import type { PlanInput } from './booking-plan.js'
import type { ReservationWriteHooks } from './reservations-collection.js'
import type { ReserveRuntime, Services } from '../../services.js'

import { foldReservation } from '../../../commands/reservation-state.js'
import { CommandRejected } from '../../../events/rejection.js'
import { ownDocument } from '../../../projections/reservation-document.js'
import { takeHoldBooking } from './booking-of-hold.js'
import { MESSAGES } from '../../../contract/messages.js'
import { decideSeriesCreate } from './series/create-series.js'
import { planTenant } from '../../shared/tenancy/booking-tenant.js'
import { isTenantScoped, reservationTenantField, tenancyOf } from '../../shared/tenancy/tenancy.js'
import { buildBookingPlan } from './booking-plan.js'
import { commandMeta } from './command-meta.js'
import { commandForCreate, commandsForUpdate, detailChanges, guestOf, replanInput } from './commands-for-write.js'
import { refusalsAsPayloadErrors, toPayloadError } from '../../shared/refusals.js'
import { relationId } from '../../shared/relation-id.js'
import { runRequestCommands } from './write-protocol/request-command.js'
import {
  appendOnSave,
  beginRequestWrite,
  finishRequestWrite,
  recordRequestWrite,
  type RequestWrite,
} from './write-protocol/write-session.js'
import { checkBookingRules } from './rules/index.js'
import { siteFieldsOf, siteInput } from './site-fields.js'
import { beforeTransitionHooks } from './transition-hooks.js'
import { runLast } from './write-protocol/watch-failures.js'

/** The running ledger's services a reservation write uses. */
type Running = Pick<ReserveRuntime, 'feeds' | 'ledger' | 'ownership' | 'projector'>

const isGiven = (value: unknown): boolean => value !== undefined && value !== null

/** Set on `req.context` by server code that must bypass transition validation (docs/ARCHITECTURE.md, "Rules and access"). */
export const SKIP_RESERVATION_HOOKS = 'skipReservationHooks'

/** Server code may record a status the machine would refuse (docs/ARCHITECTURE.md, "Rules and access"); HTTP callers cannot set context. */
const skipsTransitionValidation = (req: PayloadRequest): boolean => req.context[SKIP_RESERVATION_HOOKS] === true

/**
 * The document a decision leads to: what Payload validates, and saves once the ledger appended
 * it. The site's fields are the request's (`site`), for Payload's hooks and validation to take
 * as for any collection; the save records what they make of them.
 */
const decidedDocument = (req: PayloadRequest, options: TenancyOptions, next: ReservationState, revision: number, site: JsonObject) => {
  if (next.kind !== 'active') {
    throw new CommandRejected('not-found', 'Reservation not found')
  }
  return { ...site, ...ownDocument(next.reservation, revision, reservationTenantField(req.payload, options)) }
}

/** The site's fields as the stored document showed them: the ledger's at the revision it shows. */
const shownSiteFields = async (ledger: Ledger, id: string, shownRevision: number, revision: number, state: ReservationState): Promise<SiteFields> => {
  const shown = shownRevision === revision ? state : foldReservation((await ledger.history(id)).filter((event) => event.revision <= shownRevision))
  return shown.kind === 'active' ? (shown.reservation.fields ?? {}) : {}
}

const planFor = (req: PayloadRequest, options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'debug' | 'defaultBufferTime' | 'maxFlexibleDuration' | 'slotInterval' | 'timezone'>, input: PlanInput, create: boolean) =>
  buildBookingPlan(req, input, options, { fillRequiredResources: create, keepEndTime: commandMeta(req, options).privileged })

/**
 * A create: plan → rules → the decision, whose document Payload validates and the adapter's
 * save appends (`append-on-save.ts`) → the document.
 */
const createReservation = async (req: PayloadRequest, options: BookingWriteOptions, services: Services<Running>, data: JsonObject) => {
  if (isGiven(data.recurrence)) {
    const { nextRevision, reservationId, write } = await decideSeriesCreate(req, options, services, data)
    appendOnSave(req, reservationId, write)
    return decidedDocument(req, options, write.next, nextRevision, {})
  }
  // Booking a hold: the reservation takes the hold's id, and with it the hold's claim.
  const held = takeHoldBooking(req)
  const reservationId = held?.holdId ?? uuidv7()
  const guest = guestOf(data.guest)
  const customer = relationId(data.customer)
  const token = guest && customer === null ? randomBytes(32).toString('base64url') : null
  // One decision time for the rules and the decision, and for its retries at the save.
  const meta = { ...commandMeta(req, options), now: new Date() }
  const plan = await planFor(req, options, data, true)
  await checkBookingRules({ customer, data, guest, meta, operation: 'create', options, plan, req, services })
  const command = commandForCreate({
    cancellationTokenHash: token ? createHash('sha256').update(token).digest('hex') : null,
    data,
    defaultStatus: options.statusMachine.defaultStatus,
    plan,
    reservationId,
    skipTransitionValidation: skipsTransitionValidation(req),
    // The rules have checked that the records agree: this only reads which tenant they share.
    tenant: isTenantScoped(tenancyOf(req.payload, options), options) ? await planTenant(req, options, plan) : null,
    withHold: held?.caller,
  })
  const { ledger, ownership } = services.of(req.payload)
  const { next, nextRevision } = await ledger.precheck(reservationId, [command], meta)
  const appended = token ? () => ownership.keepToken(reservationId, token) : undefined
  const site = siteInput(siteFieldsOf(req.payload, options), data)
  appendOnSave(req, reservationId, { appended, before: { kind: 'absent' }, commands: [command], meta, next, operation: 'create', siteData: site })
  return decidedDocument(req, options, next, nextRevision, site)
}

/**
 * An update: plan (when it moves) → rules → its commands, decided together (all or nothing),
 * whose document Payload validates and the adapter's save appends → the document.
 */
const updateReservation = async (req: PayloadRequest, options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'access' | 'adminGroup' | 'allowGuestBooking' | 'bookingWindow' | 'cancelledStatus' | 'components' | 'confirmedStatus' | 'debug' | 'defaultBufferTime' | 'disabled' | 'enforceActive' | 'getExternalBusy' | 'hooks' | 'maxFlexibleDuration' | 'slotInterval' | 'statusMachine' | 'timezone'>, services: Services<Running>, data: JsonObject, stored: JsonObject) => {
  // A series is booked when it is created; an update of one booking never makes it one.
  const seriesFields = (['recurrence', 'partial'] as const).filter((name) => isGiven(data[name]) && data[name] !== false)
  if (seriesFields.length > 0) {
    throw new ValidationError({ collection: options.slugs.reservations, errors: seriesFields.map((path) => ({ message: MESSAGES.recurrenceOnUpdate, path })) })
  }
  const reservationId = String(stored.id)
  const ledger = services.of(req.payload).ledger
  const input = replanInput(data, stored)
  const plan = input ? await planFor(req, options, input, false) : null
  const changes = detailChanges(data, stored)
  const reason = typeof req.context.reason === 'string' ? req.context.reason : undefined
  const meta = { ...commandMeta(req, options, reason), now: new Date() }
  await checkBookingRules({
    customer: 'customer' in changes ? (changes.customer ?? null) : relationId(stored.customer),
    data,
    guest: 'guest' in changes ? (changes.guest ?? null) : guestOf(stored.guest),
    meta,
    operation: 'update',
    options,
    originalDoc: stored,
    plan,
    req,
    services,
  })
  const commands = commandsForUpdate({ data, plan, reservationId, skipTransitionValidation: skipsTransitionValidation(req), stored })
  const siteFields = siteFieldsOf(req.payload, options)
  const site = siteInput(siteFields, data)
  if (commands.length === 0) {
    // Nothing the ledger records changes, unless the site's fields do (known at the save): the
    // document stays as the ledger made it (system fields such as createdAt are not the
    // caller's to write), its time stamp included.
    const { revision, state } = await ledger.load(reservationId)
    await beginRequestWrite(req)
    const saved = typeof stored.ledgerRevision === 'number' ? stored.ledgerRevision : revision
    if (siteFields.length === 0) {
      recordRequestWrite(req, reservationId, { before: state, events: [], hooksRevision: -1, revision: saved, state })
    } else {
      appendOnSave(req, reservationId, {
        before: state,
        commands,
        meta,
        next: state,
        operation: 'update',
        originalDoc: stored,
        siteData: site,
        siteShown: await shownSiteFields(ledger, reservationId, saved, revision, state),
        storedHooksRevision: stored.ledgerHooksRevision as null | number | undefined,
        storedRevision: saved,
      })
    }
    // Not its hooks checkpoint: another process may have moved it on since `stored` was read.
    const { ledgerHooksRevision: _theirs, ...unchanged } = stored
    return { ...unchanged, ...site }
  }
  const { next, nextRevision, revision, state } = await ledger.precheck(reservationId, commands, meta)
  await beforeTransitionHooks(req, options, state, next)
  const shownRevision = typeof stored.ledgerRevision === 'number' ? stored.ledgerRevision : revision
  appendOnSave(req, reservationId, {
    before: state,
    commands,
    meta,
    next,
    operation: 'update',
    originalDoc: stored,
    siteData: site,
    siteShown: siteFields.length === 0 ? {} : await shownSiteFields(ledger, reservationId, shownRevision, revision, state),
    storedHooksRevision: stored.ledgerHooksRevision as null | number | undefined,
  })
  return decidedDocument(req, options, next, nextRevision, site)
}

/**
 * Reservation writes run outside Payload's request transaction. The ledger appends on its own
 * connections; a request holding a pooled connection open while it waits for them would
 * exhaust the pool under concurrent bookings (deadlock). The transaction was begun a moment
 * ago by this operation and holds nothing yet, so it is ended here. Consistency comes from the
 * ledger: documents are projections that catch-up repairs.
 */
const beforeOperation =
  (options: Pick<ResolvedOptions, 'slugs'>): CollectionBeforeOperationHook =>
  async ({ args, operation, req }) => {
    const data = (args as { data?: unknown }).data
    const writes = operation === 'create' || operation === 'update'
    // Payload's field traversal fails on data that is no object (a form-encoded or array body).
    if (writes && (typeof data !== 'object' || data === null || Array.isArray(data))) {
      throw toPayloadError(new CommandRejected('invalid', 'The request body must be a JSON object', 'data'), options.slugs.reservations)
    }
    if (writes || operation === 'delete') {
      await beginRequestWrite(req)
    }
    // Payload's field traversal fails on a null group (a server error); null means "not given",
    // as POST /api/reserve/book takes it.
    if (writes && (data as Record<string, unknown>).guest === null) {
      const { guest: _notGiven, ...rest } = data as Record<string, unknown>
      return { ...args, data: rest }
    }
    return args
  }

/**
 * Host callbacks fire once the whole operation has succeeded, from the events the request
 * appended. This hook runs after every other afterOperation hook (`runLast`): until the
 * request's write is finished here, anything that throws (a host hook) reaches Payload's
 * rollback, which voids the write and notifies no one.
 */
const afterOperation =
  (options: Pick<ResolvedOptions, 'slugs'>, services: Services<Running>): CollectionAfterOperationHook =>
  async ({ operation, req, result }) => {
    if (!['create', 'delete', 'deleteByID', 'update', 'updateByID'].includes(operation)) {
      return result
    }
    const running = services.of(req.payload)
    const { ownership } = running
    const writes = finishRequestWrite(req)
    for (const id of writes.keys()) {
      ownership.release(id)
    }
    // The write stands from here on: what fails now is logged, not answered, and catch-up sets
    // it right (a document behind its stream, hooks it missed: at least once).
    for (const [id, write] of writes) {
      if (write.state.kind === 'active') {
        await afterTheWrite(req, running, id, write).catch((error: unknown) => {
          req.payload.logger.error({ err: error, msg: `payload-reserve-ledger: finishing the write of reservation ${id} failed` })
        })
      }
    }
    return result
  }

/**
 * Once the request's write stands: Payload's save of an existing document is unconditional, so
 * a process that appended after this request and saved first was overwritten with older
 * content; its event is in the stream by now, and a head beyond what was saved is projected
 * again (its hooks are its writer's). Then the hooks of what this request appended fire.
 */
const afterTheWrite = async (req: PayloadRequest, { ledger, projector }: Running, id: string, write: RequestWrite): Promise<void> => {
  if (write.before.kind !== 'absent' && (await ledger.load(id)).revision > write.revision) {
    await projector.project(id, { deliverHooks: false })
  }
  if (write.events.length > 0) {
    await projector.hooks.deliver(id, req, write)
  }
}

/**
 * Every write to the reservations collection becomes ledger commands here: they are decided
 * and appended first, and what Payload then saves is the resulting projection.
 */
export const reservationWriteHooks = (options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'access' | 'adminGroup' | 'allowGuestBooking' | 'bookingWindow' | 'cancelledStatus' | 'components' | 'confirmedStatus' | 'debug' | 'defaultBufferTime' | 'disabled' | 'enforceActive' | 'getExternalBusy' | 'hooks' | 'maxFlexibleDuration' | 'slotInterval' | 'statusMachine' | 'timezone'>, services: Services<Running>): ReservationWriteHooks => {
  const beforeChange: CollectionBeforeChangeHook = refusalsAsPayloadErrors(options.slugs.reservations, ({ data, operation, originalDoc, req }) =>
    operation === 'create' ? createReservation(req, options, services, data) : updateReservation(req, options, services, data, originalDoc ?? {}),
  )
  const beforeDelete: CollectionBeforeDeleteHook = refusalsAsPayloadErrors(options.slugs.reservations, async ({ id, req }) => {
    const running = services.of(req.payload)
    const { state } = await running.ledger.load(String(id))
    await runRequestCommands(req, options, running, [{ data: { reservationId: String(id) }, type: 'DeleteReservation' }], { before: state })
  })
  return { afterOperation: runLast(afterOperation(options, services)), beforeChange, beforeDelete, beforeOperation: beforeOperation(options) }
}
