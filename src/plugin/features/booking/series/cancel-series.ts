import type { PayloadRequest, Where } from 'payload'

import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../../options.js'
import type { ReserveRuntime, Services } from '../../../services.js'

import { CommandRejected, isCommandRejected } from '../../../../events/rejection.js'
import { localDateOf } from '../../../../time/local-time.js'
import { referenceData } from '../../../shared/reference-data/reference-data.js'
import { commandMeta } from '../command-meta.js'
import { toPayloadError } from '../../../shared/refusals.js'
import { relationId } from '../../../shared/relation-id.js'

/** What POST /api/reserve/cancel cancels: the reservation, it and the later occurrences of its series, or the series. */
export type CancelScope = 'following' | 'one' | 'series'

export const CANCEL_SCOPES: readonly CancelScope[] = ['one', 'following', 'series']

type Stored = Record<string, unknown>

/**
 * The reservations a cancel with `scope` takes, `stored` first, then the other occurrences of its
 * series in time order: with `following` those starting at or after it, with `series` every one
 * not yet begun. Only those `mayCancel` allows and the status machine can still cancel are
 * taken. Each is decided first, without appending (`Ledger.precheck`: the notice period, the
 * transitions), so a refusal of any (its date in the message) cancels none.
 */
export const seriesToCancel = async (
  req: PayloadRequest,
  options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'cancelledStatus' | 'debug' | 'statusMachine' | 'timezone'>,
  services: Services<Pick<ReserveRuntime, 'ledger'>>,
  stored: Stored,
  scope: CancelScope,
  mayCancel: (doc: Stored) => Promise<boolean>,
): Promise<Stored[]> => {
  const seriesId = stored.seriesId
  if (scope === 'one' || typeof seriesId !== 'string' || seriesId === '') {
    return [stored]
  }
  const now = new Date()
  const from = scope === 'following' ? String(stored.startTime) : now.toISOString()
  const { cancelledStatus: cancelled, statusMachine: machine } = options
  const where: Where = {
    and: [{ seriesId: { equals: seriesId } }, { startTime: { greater_than_equal: from } }, { id: { not_equals: stored.id } }],
  }
  const { docs } = await req.payload.db.find<Stored>({
    collection: options.slugs.reservations,
    limit: 0,
    pagination: false,
    req,
    sort: 'startTime',
    where,
  })
  const cancellable = (doc: Stored) => (machine.transitions[String(doc.status)] ?? []).includes(cancelled)
  const others: Stored[] = []
  for (const doc of docs) {
    if (cancellable(doc) && (await mayCancel(doc))) {
      others.push(doc)
    }
  }
  const members = [stored, ...others]
  const { ledger } = services.of(req.payload)
  const meta = { ...commandMeta(req, options), now }
  const resource = relationId(stored.resource)
  const records = resource === null ? null : await referenceData(req.payload, options).resources([resource])
  const zone = records?.get(String(resource))?.timezone
  for (const doc of members.filter((member) => member.status !== cancelled)) {
    const reservationId = String(doc.id)
    try {
      await ledger.precheck(reservationId, [{ data: { reservationId, to: cancelled }, type: 'ChangeReservationStatus' }], meta)
    } catch (error) {
      if (!isCommandRejected(error)) {
        throw error
      }
      const date = localDateOf(Date.parse(String(doc.startTime)), zone ?? options.timezone)
      throw toPayloadError(new CommandRejected(error.kind, `${date}: ${error.message}`, error.path), options.slugs.reservations)
    }
  }
  return members
}
