import type { CollectionSlug, Payload } from 'payload'

import type { EventStore } from '../events/store.js'
import type { HoldsProjector } from './holds-projector.js'
import type { ReservationsProjector } from './reservations-projector.js'
import type { WaitlistProjector } from './waitlist-projector.js'

import { isReservationEvent, RESERVATION_STREAM_PREFIX, WAITLIST_STREAM_PREFIX } from '../events/types.js'

export interface RebuildProgress {
  done: number
  total: number
}

const PAGE = 1000

/**
 * Brings the reservations collection to exactly what the ledger projects, without ever emptying
 * it: every reservation stream is projected again (a document is created, rewritten where it
 * says anything else, or deleted where the stream ended), then every document no stream was
 * found for is projected too, which deletes it unless its stream began during the rebuild. A
 * rebuild that fails or is killed halfway leaves every document in place, each either as it was
 * or as the ledger says. A rebuild re-creates views, it does not re-notify anyone: documents it
 * creates count their hooks as delivered, and the others keep their hooks checkpoint. With
 * `holds`, the holds collection is rebuilt the same way: every stream that began as a hold, then
 * every row no such stream was found for. With `waitlist`, the waitlist collection likewise: every
 * waitlist stream, then every row none was found for; offers it finds unannounced it counts as
 * announced (`announce`), since a rebuild re-notifies no one.
 */
export const rebuildReservations = async (
  payload: Payload,
  {
    collection,
    holds,
    projector,
    store,
    waitlist,
  }: {
    collection: CollectionSlug
    holds?: Pick<HoldsProjector, 'all' | 'project'>
    projector: ReservationsProjector
    store: EventStore
    waitlist?: { announce: (entryId: string) => Promise<void>; rows: Pick<WaitlistProjector, 'all' | 'project'> }
  },
  onProgress: (progress: RebuildProgress) => void = () => undefined,
): Promise<RebuildProgress> => {
  const ids = new Set<string>()
  const holdIds = new Set<string>()
  for (let after: string | undefined; ; ) {
    const page = await store.readAll({ after, limit: PAGE, streamPrefix: RESERVATION_STREAM_PREFIX })
    for (const event of page) {
      if (isReservationEvent(event)) {
        ids.add(event.data.reservationId)
        if (event.type === 'ReservationHeld') {
          holdIds.add(event.data.reservationId)
        }
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
  for (const id of await unscanned(payload, collection, ids)) {
    // Its stream is read again now: a booking made since the scan keeps its document.
    await projector.project(id, { rebuild: true })
  }
  if (holds) {
    for (const id of new Set([...holdIds, ...(await holds.all())])) {
      await holds.project(id)
    }
  }
  if (waitlist) {
    for (const id of new Set([...(await streamIds(store, WAITLIST_STREAM_PREFIX)), ...(await waitlist.rows.all())])) {
      if ((await waitlist.rows.project(id))?.status === 'offered') {
        await waitlist.announce(id)
      }
    }
  }
  return progress
}

/** The ids of the streams under `prefix` (the rest of each name). */
const streamIds = async (store: EventStore, prefix: string): Promise<Set<string>> => {
  const ids = new Set<string>()
  for (let after: string | undefined; ; ) {
    const page = await store.readAll({ after, limit: PAGE, streamPrefix: prefix })
    for (const event of page) {
      ids.add(event.stream.slice(prefix.length))
    }
    if (page.length < PAGE) {
      return ids
    }
    after = page[page.length - 1].position
  }
}

/** The documents whose reservation the scan of the ledger did not find. */
const unscanned = async (payload: Payload, collection: CollectionSlug, scanned: Set<string>): Promise<string[]> => {
  const ids: string[] = []
  for (let page = 1; ; page++) {
    const { docs, hasNextPage } = await payload.db.find<{ id: string }>({ collection, limit: PAGE, page, select: { id: true }, sort: 'id' })
    ids.push(...docs.map(({ id }) => String(id)).filter((id) => !scanned.has(id)))
    if (!hasNextPage) {
      break
    }
  }
  return ids
}
