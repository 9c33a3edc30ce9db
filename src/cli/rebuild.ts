import type { SanitizedConfig } from 'payload'

import { getPayload } from 'payload'

import { getRuntime } from '../plugin/runtime.js'
import { rebuildReservations } from '../projections/rebuild.js'

/**
 * `payload reserve:rebuild` (registered by the plugin as a Payload bin script; `npm run rebuild`
 * in this repository): rebuilds the reservations collection from the ledger, printing progress.
 */
export const script = async (config: SanitizedConfig): Promise<void> => {
  try {
    const payload = await getPayload({ config })
    const runtime = getRuntime(payload)
    const started = Date.now()
    const result = await rebuildReservations(
      payload,
      { collection: runtime.options.slugs.reservations, projector: runtime.projector, store: runtime.store },
      ({ done, total }) => console.log(`rebuild: ${done}/${total} reservations`),
    )
    console.log(`rebuild: done, ${result.total} reservations in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  } catch (error) {
    console.error('rebuild failed:', error)
    process.exit(1)
  }
}
