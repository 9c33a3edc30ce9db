import type { Payload, SanitizedConfig } from 'payload'

import { getPayload } from 'payload'

import { getRuntime } from '../plugin/runtime.js'
import { rebuildReservations } from '../projections/rebuild.js'

/** Rebuilds the reservations collection of a booted Payload, printing progress one line at a time. */
export const rebuildWithProgress = async (payload: Payload, print: (line: string) => void): Promise<void> => {
  const runtime = getRuntime(payload)
  const started = Date.now()
  const result = await rebuildReservations(
    payload,
    {
      collection: runtime.options.slugs.reservations,
      holds: runtime.holds,
      projector: runtime.projector,
      store: runtime.store,
      waitlist: { announce: (entryId) => runtime.waitlistOffers.countAnnounced(entryId), rows: runtime.waitlistRows },
    },
    ({ done, total }) => print(`rebuild: ${done}/${total} reservations`),
  )
  print(`rebuild: done, ${result.total} reservations in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

/**
 * `payload reserve:rebuild` (registered by the plugin as a Payload bin script; `npm run rebuild`
 * in this repository): rebuilds the reservations collection from the ledger, printing progress.
 * Stopping it or a failure at any point loses no document the ledger has.
 */
export const script = async (config: SanitizedConfig): Promise<void> => {
  try {
    await rebuildWithProgress(await getPayload({ config }), console.log)
  } catch (error) {
    console.error('rebuild failed:', error)
    process.exit(1)
  }
}
