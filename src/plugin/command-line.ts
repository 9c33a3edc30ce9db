// On globalThis, not in this module: a site's config may load the plugin's entry and the bin
// script from separate copies of the package (source and dist, or two bundles).
const COMMAND_LINE = Symbol.for('payload-reserve-ledger.command-line')

/**
 * Called by the plugin's bin scripts before they boot Payload: the ledger then starts with no
 * background work (no catch-up, timers, subscriptions or jobs: the command does its one thing),
 * and Payload does not push the schema into the database (it skips its push while migrating),
 * which on a migrations-managed database would change it behind the migrations' back.
 */
export const enterCommandLine = (): void => {
  ;(globalThis as Record<symbol, unknown>)[COMMAND_LINE] = true
  process.env.PAYLOAD_MIGRATING = 'true'
}

export const inCommandLine = (): boolean => (globalThis as Record<symbol, unknown>)[COMMAND_LINE] === true
