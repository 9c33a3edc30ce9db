import type { PayloadRequest } from 'payload'

import type { RelationId } from '../../../events/types.js'
import type { ExternalBusyInterval, ResolvedOptions } from '../../options.js'
import type { ExternalInterval } from './calendar-intervals.js'
import type { ReserveRuntime, Services } from '../../services.js'


const epoch = (value: Date | string): number => (value instanceof Date ? value.getTime() : Date.parse(value))

/** The site's resolver's answer as intervals; anything unreadable in it is left out. */
const fromResolver = (answer: ExternalBusyInterval[]): ExternalInterval[] =>
  answer
    .map(({ end, label, start }) => ({ end: epoch(end), ...(typeof label === 'string' && label ? { label } : {}), start: epoch(start) }))
    .filter(({ end, start }) => Number.isFinite(start) && Number.isFinite(end) && end > start)

/**
 * The time a resource is busy elsewhere within `[from, to)`: its synced calendar feeds (from
 * memory, never a remote call) and the site's `getExternalBusy`. A resolver that throws fails
 * open: its time counts as free, with a warning, so an outage elsewhere does not stop bookings.
 */
export const externalBusyOf = async (
  req: PayloadRequest,
  options: Pick<ResolvedOptions, 'getExternalBusy'>,
  services: Services<Pick<ReserveRuntime, 'feeds'>>,
  resourceId: RelationId,
  from: number,
  to: number,
): Promise<ExternalInterval[]> => {
  const synced = services.of(req.payload).feeds.within(String(resourceId), from, to)
  if (!options.getExternalBusy) {
    return synced
  }
  try {
    const answer = await options.getExternalBusy({ end: new Date(to), req, resourceId, start: new Date(from) })
    const resolved = Array.isArray(answer) ? fromResolver(answer).filter(({ end, start }) => start < to && from < end) : []
    return [...synced, ...resolved].sort((a, b) => a.start - b.start)
  } catch (error) {
    req.payload.logger.warn({ err: error, msg: `payload-reserve-ledger: getExternalBusy failed for resource ${String(resourceId)}; its time counts as free` })
    return synced
  }
}
