import type { Payload, SanitizedConfig } from 'payload'

import { parseArgs } from 'node:util'

import { ledgerServices } from '../plugin/runtime.js'
import { rebuildReservations } from '../projections/rebuild.js'
import { runScript } from './run-script.js'
import { argumentsAfter, SCHEMA_NOTE } from './script-arguments.js'

const REBUILD_SCRIPT = 'reserve:rebuild'

const REBUILD_USAGE = [
  'Usage:',
  '  npx payload reserve:rebuild          rebuild the reservations collection from the ledger',
  '  npx payload reserve:rebuild --help   this text',
  '',
  SCHEMA_NOTE,
].join('\n')

/** Rebuilds the reservations collection of a booted Payload, printing progress one line at a time. */
export const rebuildWithProgress = async (payload: Payload, print: (line: string) => void): Promise<void> => {
  const runtime = ledgerServices.of(payload)
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
 * `npx payload reserve:rebuild` (registered by the plugin as a Payload bin script; `npm run
 * rebuild` in this repository): rebuilds the reservations collection from the ledger, printing
 * progress. Stopping it or a failure at any point loses no document the ledger has.
 */
export const script = (config: SanitizedConfig): Promise<void> =>
  runScript(config, { key: REBUILD_SCRIPT, usage: REBUILD_USAGE }, async (boot) => {
    try {
      parseArgs({ args: argumentsAfter(process.argv, REBUILD_SCRIPT) ?? [], options: {}, strict: true })
    } catch (error) {
      throw new Error(`${(error as Error).message}\n\n${REBUILD_USAGE}`)
    }
    await rebuildWithProgress(await boot(), console.log)
  })
