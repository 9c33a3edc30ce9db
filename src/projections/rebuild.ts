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
 * Brings the reservations collection to exactly what the ledger projects, without ever emptying
 * it: every reservation stream is projected again (a document is created, rewritten where it
 * says anything else, or deleted where the stream ended), then documents no stream has are
 * deleted. A rebuild that fails or is killed halfway leaves every document in place, each
 * either as it was or as the ledger says. Rebuilt documents count their hooks as delivered: a
 * rebuild re-creates views, it does not re-notify anyone.
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

  const progress = { done: 0, total: ids.size }
  onProgress(progress)
  for (const id of ids) {
    await projector.project(id, { rebuild: true })
    progress.done++
    if (progress.done % 500 === 0 || progress.done === progress.total) {
      onProgress(progress)
    }
  }
  await deleteUnknown(payload, collection as CollectionSlug, ids)
  return progress
}

/** Deletes the documents whose reservation the ledger has never heard of (found first, then deleted). */
const deleteUnknown = async (payload: Payload, collection: CollectionSlug, known: Set<string>): Promise<void> => {
  const unknown: string[] = []
  for (let page = 1; ; page++) {
    const { docs, hasNextPage } = await payload.db.find<{ id: string }>({ collection, limit: PAGE, page, select: { id: true }, sort: 'id' })
    unknown.push(...docs.map(({ id }) => String(id)).filter((id) => !known.has(id)))
    if (!hasNextPage) {
      break
    }
  }
  for (let from = 0; from < unknown.length; from += PAGE) {
    await payload.db.deleteMany({ collection, where: { id: { in: unknown.slice(from, from + PAGE) } } })
  }
}
