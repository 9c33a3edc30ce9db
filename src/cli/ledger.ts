import type { Payload, SanitizedConfig } from 'payload'

import { once } from 'node:events'
import { constants, createReadStream, createWriteStream } from 'node:fs'
import { access, rm } from 'node:fs/promises'
import { finished } from 'node:stream/promises'

import type { EventStore } from '../events/store.js'
import type { LedgerProgress } from '../ledger-io/format.js'
import type { VerifyProgress } from '../ledger-io/verify.js'
import type { RestoreProgress } from '../plugin/restore-ledger.js'
import type { ProgressOutput } from './progress-bar.js'

import { describeBreak } from '../events/hash-chain/chain-break.js'
import { exportLedger } from '../ledger-io/export.js'
import { migrateToMonthStreams } from '../ledger-io/migrate-layout.js'
import { verifyLedger } from '../ledger-io/verify.js'
import { restoreLedger } from '../plugin/restore-ledger.js'
import { ledgerServices } from '../plugin/runtime.js'
import { LEDGER_SCRIPT, LEDGER_USAGE, parseLedgerArguments } from './ledger-arguments.js'
import { progressPrinter } from './progress-bar.js'
import { runScript } from './run-script.js'

const elapsed = (started: number): string => `${((Date.now() - started) / 1000).toFixed(1)} s`

// Progress goes to stderr; stdout carries the one-line result.
const report = (line: string): void => {
  process.stderr.write(`${line}\n`)
}

const exportTo = async (store: EventStore, file: string): Promise<void> => {
  const started = Date.now()
  // 'wx': an existing file (an earlier backup, perhaps) is never overwritten.
  const output = createWriteStream(file, { flags: 'wx' })
  await once(output, 'open')
  try {
    const summary = await exportLedger(store, output, {
      onProgress: ({ events, streams }: LedgerProgress) => report(`export: ${events} events, ${streams} streams`),
    })
    output.end()
    await finished(output)
    console.log(`export: done, ${summary.events} events in ${summary.streams} streams to ${file} in ${elapsed(started)}`)
  } catch (error) {
    // A partial file must not pass for a backup.
    output.destroy()
    await rm(file, { force: true })
    throw error
  }
}

const describe = (progress: RestoreProgress): string =>
  progress.phase === 'rebuild'
    ? `rebuild: ${progress.done}/${progress.total} reservations`
    : `${progress.phase}: ${progress.events} events, ${progress.streams} streams`

const importFrom = async (payload: Payload, file: string): Promise<void> => {
  const started = Date.now()
  const { imported, rebuilt } = await restoreLedger(payload, ledgerServices, () => createReadStream(file), (progress) =>
    report(describe(progress)),
  )
  console.log(
    `import: done, ${imported.events} events in ${imported.streams} streams from ${file}, ` +
      `${rebuilt.total} reservations rebuilt in ${elapsed(started)}`,
  )
}

const migrate = async (store: EventStore): Promise<void> => {
  const started = Date.now()
  const { claims, resources } = await migrateToMonthStreams(store, {
    now: new Date(),
    onProgress: ({ done, total }) => report(`migrate: ${done}/${total} resources`),
  })
  console.log(`migrate: done, ${resources} resource(s) moved to month streams with ${claims} claim(s) in ${elapsed(started)}`)
}

/**
 * Verifies every hash chain of `store`, drawing a progress bar of the streams walked on
 * `progress`, then printing each broken stream and a summary to `print`; whether every chain is
 * intact.
 */
export const verifyWithReport = async (
  store: EventStore,
  print: (line: string) => void,
  progress: ProgressOutput = process.stderr,
): Promise<boolean> => {
  const started = Date.now()
  const draw = progressPrinter(progress, 'verify', 'streams')
  const { breaks, checkpoint, checkpointed, events, streams, unhashed } = await verifyLedger(store, {
    onProgress: (walked: VerifyProgress) => draw(walked.streams, walked.total, walked.done),
  })
  for (const problem of breaks) {
    print(`verify: BROKEN ${describeBreak(problem)}`)
  }
  const anchor = checkpoint
    ? `last checkpoint: revision ${checkpoint.revision} of ${checkpoint.at}, hash ${checkpoint.hash}`
    : 'no checkpoint yet'
  print(
    `verify: ${breaks.length === 0 ? 'intact' : `${breaks.length} broken stream(s)`}, ${events} events in ${streams} streams ` +
      `(${unhashed} written before hashing), ${checkpointed} streams checkpointed; ${anchor}; in ${elapsed(started)}`,
  )
  return breaks.length === 0
}

/**
 * `npx payload reserve:ledger export --out FILE | import --in FILE | verify | migrate` (registered
 * by the plugin as a Payload bin script). A broken chain exits with 1.
 */
export const script = (config: SanitizedConfig): Promise<void> =>
  runScript(config, { key: LEDGER_SCRIPT, usage: LEDGER_USAGE }, async (boot) => {
    const command = parseLedgerArguments(process.argv, process.env.INIT_CWD ?? process.cwd())
    if (command.name === 'import') {
      // Before Payload boots, so a wrong path fails at once.
      await access(command.file, constants.R_OK)
    }
    const payload = await boot()
    if (command.name === 'migrate') {
      await migrate(ledgerServices.of(payload).store)
      return
    }
    if (command.name === 'verify') {
      return verifyWithReport(ledgerServices.of(payload).store, console.log)
    }
    await (command.name === 'export' ? exportTo(ledgerServices.of(payload).store, command.file) : importFrom(payload, command.file))
  })
