import type { Payload } from 'payload'

import type { ResolvedOptions } from './options.js'

import { inCommandLine } from './command-line.js'
import { collectionsWithoutTables, missingTablesMessage } from './missing-tables.js'
import { startRuntime, waitingFor } from './runtime.js'
import { beforeDestroy } from './features/booking/index.js'

/** The first look again for the tables, doubled each time up to the last. */
const FIRST_RETRY_MS = 5_000
const LAST_RETRY_MS = 60_000

/**
 * A site whose staff collection has users, none of them with a role that manages reservations,
 * refuses everyone the ledger's collections (403): said once at start. A role field of the
 * site's own whose shape `in` cannot query is left unchecked.
 */
const warnWithoutAdmin = async (payload: Payload, options: Pick<ResolvedOptions, 'resourceOwnerMode' | 'roles' | 'staffCollection'>): Promise<void> => {
  const collection = options.staffCollection
  const field = options.roles.field
  const roles = [...new Set([...options.roles.privileged, ...(options.resourceOwnerMode?.adminRoles ?? [])])]
  const { totalDocs: users } = await payload.count({ collection })
  if (users === 0 || roles.length === 0) {
    return
  }
  const { totalDocs: staff } = await payload.count({ collection, where: { [field]: { in: roles } } })
  if (staff === 0) {
    payload.logger.warn(
      `payload-reserve-ledger: no user of "${collection}" has a ${field} that manages reservations (${roles.join(', ')}), ` +
        `so every one of them is refused the reservations and customers (403). Set your admin's ${field} to ${roles[0]}.`,
    )
  }
}

/**
 * Looks for the tables again, less and less often, quietly, and starts the ledger once they are
 * all there (`npx payload migrate` ran beside the server). Stops when Payload does.
 */
const startOnceTablesExist = (payload: Payload, start: () => Promise<unknown>): void => {
  let delay = FIRST_RETRY_MS
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const look = async () => {
    const missing = await collectionsWithoutTables(payload).catch((error: unknown) => {
      payload.logger.error({ err: error, msg: 'payload-reserve-ledger: could not look for the tables' })
      return ['(unknown)']
    })
    if (stopped) {
      return
    }
    if (missing.length > 0) {
      delay = Math.min(delay * 2, LAST_RETRY_MS)
      timer = setTimeout(look, delay).unref()
      return
    }
    await start()
  }
  beforeDestroy(payload, () => {
    stopped = true
    clearTimeout(timer)
  })
  timer = setTimeout(look, delay).unref()
}

/**
 * Starts the ledger when the database has every table of the config, then `andThen` (the site's
 * own onInit, which may book through it). Without them (a database Payload does not push to,
 * before its first migration) it says once which command creates them and waits for them,
 * instead of failing at each read; a bin script is refused with that message.
 */
export const startLedger = async (payload: Payload, options: ResolvedOptions, andThen: () => Promise<void>): Promise<void> => {
  const commandLine = inCommandLine()
  const missing = await collectionsWithoutTables(payload)
  if (missing.length === 0) {
    await startRuntime(payload, options, { background: !commandLine })
    if (!commandLine) {
      void warnWithoutAdmin(payload, options).catch(() => undefined)
    }
    await andThen()
    return
  }
  const message = missingTablesMessage(missing, payload.config.collections.length)
  waitingFor(payload, message)
  if (commandLine) {
    // The script's first use of the ledger answers with the message (a throw here would have
    // Payload print it a second time, as an onInit failure with its stack).
    return
  }
  payload.logger.error(message)
  startOnceTablesExist(payload, () =>
    startRuntime(payload, options)
      .then(() => payload.logger.info('payload-reserve-ledger: the tables exist now; the ledger started'))
      .then(andThen)
      .catch((error: unknown) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: the ledger did not start' })),
  )
}
