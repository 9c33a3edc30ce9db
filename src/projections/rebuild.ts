import type { CollectionSlug, Payload } from 'payload'

import type { EventStore } from '../events/store.js'
import type { ReservationsProjector } from './reservations-projector.js'

import { isReservationEvent, RESERVATION_STREAM_PREFIX } from '../events/types.js'

export interface RebuildProgress {
  done: number
  total: number
}

const PAGE = 1000

/**
 * Drops the reservations collection and projects it again from the ledger. Rebuilt documents
 * count their hooks as delivered: a rebuild re-creates views, it does not re-notify anyone.
 */
export const rebuildReservations = async (
  payload: Payload,
  { collection, projector, store }: { collection: string; projector: ReservationsProjector; store: EventStore },
  onProgress: (progress: RebuildProgress) => void = () => undefined,
): Promise<RebuildProgress> => {
  const ids = new Set<string>()
  for (let after: string | undefined; ; ) {
    const page = await store.readAll({ after, limit: PAGE, streamPrefix: RESERVATION_STREAM_PREFIX })
    for (const event of page) {
      if (isReservationEvent(event)) {
        ids.add(event.data.reservationId)
      }
    }
    if (page.length < PAGE) {
      break
    }
    after = page[page.length - 1].position
  }

  await payload.db.deleteMany({ collection: collection as CollectionSlug, where: { id: { exists: true } } })
  const progress = { done: 0, total: ids.size }
  onProgress(progress)
  for (const id of ids) {
    await projector.project(id, { rebuild: true })
    progress.done++
    if (progress.done % 500 === 0 || progress.done === progress.total) {
      onProgress(progress)
    }
  }
  return progress
}
