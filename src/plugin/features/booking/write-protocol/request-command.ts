import type { JsonObject, PayloadRequest } from 'payload'

import type { CommandMeta, CommandOutcome, ExecuteOptions } from '../../../../commands/ledger.js'
import type { ReservationState } from '../../../../commands/reservation-state.js'
import type { ReservationCommand } from '../../../../commands/reservation-commands.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../../options.js'
import type { ReserveRuntime } from '../../../services.js'

import { CommandRejected } from '../../../../events/rejection.js'
import { ownDocument, reservationDocument } from '../../../../projections/reservation-document.js'
import { reservationTenantField } from '../../../shared/tenancy/tenancy.js'
import { commandMeta } from '../command-meta.js'
import { beginRequestWrite, recordRequestWrite, requestWriteOf } from './write-session.js'
import { validateDocument } from '../validate-document.js'

/**
 * Runs this request's commands on one reservation as one decision and records what they
 * appended, so that a failure later in the request voids it. `before` is the reservation
 * before the request's first command; `meta` is who acts, when (the request's by default).
 */
export const runRequestCommands = async (
  req: PayloadRequest,
  options: RoleOptions & Pick<ResolvedOptions, 'debug'>,
  { ledger, ownership }: Pick<ReserveRuntime, 'ledger' | 'ownership'>,
  commands: ReservationCommand[],
  { before, meta = commandMeta(req, options), ...execute }: ExecuteOptions & { before: ReservationState; meta?: CommandMeta },
): Promise<CommandOutcome> => {
  const reservationId = commands[0].data.reservationId
  await beginRequestWrite(req)
  // The request writes this reservation's document itself, not the background projector.
  ownership.claim(reservationId)
  const outcome = await ledger.executeAll(commands, meta, execute)
  const earlier = requestWriteOf(req, reservationId)
  recordRequestWrite(req, reservationId, {
    // What the append was decided on: a retry, or another writer's change since the request's
    // own decision, makes it newer than `before`, and a void must not take that change back.
    before: outcome.events.length > 0 ? outcome.before : before,
    events: outcome.events,
    hooksRevision: earlier?.hooksRevision ?? -1,
    revision: outcome.revision,
    state: outcome.state,
  })
  return outcome
}

/** Payload's field validation of the document `next` projects to (with the site's fields `siteData`), before anything is appended. */
export const approveDocument =
  (req: PayloadRequest, options: TenancyOptions, operation: 'create' | 'update', originalDoc?: JsonObject, siteData: JsonObject = {}) =>
  async (next: ReservationState): Promise<void> => {
    if (next.kind === 'active') {
      // The site's fields in the request's form (one locale's values), as Payload validates them.
      const document: JsonObject = { ...siteData, ...ownDocument(next.reservation, 0, reservationTenantField(req.payload, options)) }
      await validateDocument({ collection: options.slugs.reservations, document, operation, originalDoc, req })
    }
  }

/**
 * The document a request saves: the ledger's projection of the reservation. A new document
 * carries its hooks checkpoint, at the head already when no host hook listens for what it
 * appended. An existing one never does: Payload's save is unconditional, and a request whose
 * save lands late (after another process appended, saved and delivered its hooks) would move
 * the checkpoint back, and catch-up would fire those hooks again. Its checkpoint moves forward
 * only, once the write stands (`HookDelivery.deliver`).
 */
export const requestDocument = (
  req: PayloadRequest,
  options: TenancyOptions,
  { projector }: Pick<ReserveRuntime, 'projector'>,
  reservationId: string,
  outcome: CommandOutcome,
  storedHooksRevision?: null | number,
): Record<string, unknown> => {
  if (outcome.state.kind !== 'active') {
    throw new CommandRejected('not-found', 'Reservation not found')
  }
  const write = requestWriteOf(req, reservationId)!
  const document = reservationDocument(outcome.state.reservation, outcome.revision, reservationTenantField(req.payload, options))
  write.hooksRevision = storedHooksRevision ?? -1
  if (write.before.kind !== 'absent') {
    return document
  }
  // Nothing older pending (a booked hold's stream began before this request) and nothing
  // anyone listens for: delivered up to the head already.
  const firstNew = write.events[0]?.revision ?? outcome.revision + 1
  if (write.hooksRevision >= firstNew - 1 && !projector.hooks.listenFor(write.events)) {
    write.hooksRevision = outcome.revision
  }
  return { ...document, ledgerHooksRevision: write.hooksRevision }
}
