import type { Payload } from 'payload'
import type { Readable } from 'node:stream'
import type { RebuildProgress } from '../projections/rebuild.js'
import type { LedgerProgress, LedgerSummary } from '../ledger-io/format.js'
import type { ReserveRuntime, Services } from './services.js'

import { RESERVATION_STREAM_PREFIX } from '../events/types.js'
import { checkLedger } from '../ledger-io/check.js'
import { rebuildReservations } from '../projections/rebuild.js'
import { assertEmptyLedger, importLedger } from '../ledger-io/import.js'
import { migrateToMonthStreams } from '../ledger-io/migrate-layout.js'

export type RestoreProgress =
  | ({ phase: 'check' | 'import' } & LedgerProgress)
  | ({ phase: 'rebuild' } & RebuildProgress)

export interface RestoreResult {
  imported: LedgerSummary
  rebuilt: RebuildProgress
}

/**
 * Restores a ledger file into the running ledger of `payload` (which must be empty) and
 * rebuilds the reservations collection from it. `open` is called twice: the whole file is
 * checked before anything is written, its hash chains and checkpoints included (a file with a
 * broken chain is refused naming the first break).
 *
 * The host's after hooks (create, status change, confirm, cancel) must not fire again for history the
 * source already notified. So the imported reservations are marked as owned by this
 * operation while their events go in (the runtime's live projection and catch-up leave them
 * alone), and the rebuild then writes their documents with the hooks counted as delivered.
 * Another process running the app on the target would still project them, hooks and all:
 * stop it for the import. Catch-up's checkpoint is then moved past the imported events.
 */
export const restoreLedger = async (
  payload: Payload,
  services: Services<Pick<ReserveRuntime, 'catchUp' | 'holds' | 'options' | 'ownership' | 'projector' | 'store' | 'waitlistOffers' | 'waitlistRows'>>,
  open: () => Readable,
  onProgress: (progress: RestoreProgress) => void = () => undefined,
): Promise<RestoreResult> => {
  const runtime = services.of(payload)
  await assertEmptyLedger(runtime.store)

  const reservationIds = new Set<string>()
  const checked = await checkLedger(open(), (event) => {
    if (event.stream.startsWith(RESERVATION_STREAM_PREFIX)) {
      reservationIds.add(event.data.reservationId)
    }
  })
  onProgress({ phase: 'check', ...checked.summary })

  for (const id of reservationIds) {
    runtime.ownership.claim(id)
  }
  let last: string | undefined
  const positions = runtime.store.committed.subscribe(({ position }) => {
    last = last === undefined || position > last ? position : last
  })
  try {
    const imported = await importLedger(runtime.store, open(), {
      onProgress: (progress) => onProgress({ phase: 'import', ...progress }),
    })
    // A file of the first layout (one capacity stream per resource) is moved to month streams.
    await migrateToMonthStreams(runtime.store, { now: new Date() })
    positions.unsubscribe()
    const rebuilt = await rebuildReservations(
      payload,
      {
        collection: runtime.options.slugs.reservations,
        holds: runtime.holds,
        projector: runtime.projector,
        store: runtime.store,
        waitlist: { announce: (entryId) => runtime.waitlistOffers.countAnnounced(entryId), rows: runtime.waitlistRows },
      },
      (progress) => onProgress({ phase: 'rebuild', ...progress }),
    )
    // The rebuild projected all of it: catch-up need not read the imported ledger again.
    if (last !== undefined) {
      await runtime.catchUp.advanceTo(last)
    }
    return { imported, rebuilt }
  } finally {
    positions.unsubscribe()
    for (const id of reservationIds) {
      runtime.ownership.release(id)
    }
  }
}
