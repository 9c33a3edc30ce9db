import type { Payload } from 'payload'

import type { CommandMeta } from '../../../../commands/ledger.js'
import type { RequestWrite } from './write-session.js'
import type { ReserveRuntime } from '../../../services.js'

const SYSTEM: CommandMeta = { actor: { kind: 'system', name: 'failed-request' }, privileged: true }

/** Why a write is voided, with the error that failed it where the plugin saw it. */
export const FAILED_AFTER_APPEND =
  'The request failed after the ledger appended its events (the document could not be saved, or a later hook threw)'

const reasonFor = (failure: unknown): string => {
  const message = failure instanceof Error ? failure.message : typeof failure === 'string' ? failure : ''
  // The reason is an audit record, not a log: a bounded, single-line excerpt of the error.
  const excerpt = message.replace(/\s+/g, ' ').trim().slice(0, 500)
  return excerpt ? `${FAILED_AFTER_APPEND}: ${excerpt}` : FAILED_AFTER_APPEND
}

/**
 * Takes back what a failed request appended, one reservation at a time: the reservation is
 * again what it was before the request (a booking: never was, its claims released), and no
 * host hook fires for the voided events. Its document is then projected again, which deletes
 * or restores whatever the request managed to save. A void that cannot apply (another writer
 * moved the reservation on since, or its old time was taken meanwhile) leaves the ledger as it
 * is and is logged; the document still follows the ledger.
 */
export const voidFailedWrites = async (
  payload: Payload,
  { ledger, ownership, projector }: Pick<ReserveRuntime, 'ledger' | 'ownership' | 'projector'>,
  writes: Map<string, RequestWrite>,
  failure?: unknown,
): Promise<void> => {
  const reason = reasonFor(failure)
  for (const [reservationId, write] of writes) {
    const [first] = write.events
    const last = write.events[write.events.length - 1]
    try {
      if (first) {
        await ledger.execute(
          {
            data: {
              reason,
              reservationId,
              restores: write.before.kind === 'active' ? write.before.reservation : null,
              voidsFrom: first.revision,
            },
            type: 'VoidReservationWrite',
          },
          SYSTEM,
          { expectRevision: last.revision },
        )
      }
    } catch (error) {
      payload.logger.error({ err: error, msg: `payload-reserve-ledger: could not void the failed write of reservation ${reservationId} (${reason})` })
    } finally {
      ownership.release(reservationId)
      // A voided booking's guest is told of nothing: its token goes with it.
      ownership.takeToken(reservationId)
    }
    await projector.project(reservationId).catch((error: unknown) => {
      payload.logger.error({ err: error, msg: `payload-reserve-ledger: projection of reservation ${reservationId} failed` })
    })
  }
}
