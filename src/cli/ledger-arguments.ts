import path from 'node:path'
import { parseArgs } from 'node:util'

import { argumentsAfter, SCHEMA_NOTE } from './script-arguments.js'

export const LEDGER_SCRIPT = 'reserve:ledger'

export type LedgerCommand =
  | {
      /** Absolute path of the file to write (export) or read (import). */
      file: string
      name: 'export' | 'import'
    }
  | { name: 'migrate' }
  | { name: 'verify' }

export const LEDGER_USAGE = [
  'Usage:',
  '  npx payload reserve:ledger export --out FILE   write the whole ledger to FILE (NDJSON); FILE must',
  '                                                 not exist',
  '  npx payload reserve:ledger import --in FILE    import FILE into the empty configured ledger, then',
  '                                                 rebuild the reservations collection (stop the app first)',
  '  npx payload reserve:ledger verify              check every stream\'s hash chain and the checkpoints;',
  '                                                 exits 1 on any break',
  '  npx payload reserve:ledger migrate             move claims from one stream per resource (the first',
  '                                                 layout) to streams per resource and month; safe to run again',
  '  npx payload reserve:ledger --help              this text',
  '',
  SCHEMA_NOTE,
].join('\n')

export class LedgerUsageError extends Error {
  constructor(problem: string) {
    super(`${problem}\n\n${LEDGER_USAGE}`)
    this.name = 'LedgerUsageError'
  }
}

/**
 * Reads the command from the process's arguments, those after the script's key. `baseDir`
 * resolves a relative FILE: npm runs scripts in the package folder, so the CLI passes npm's
 * INIT_CWD, where the user typed the command.
 */
export const parseLedgerArguments = (argv: readonly string[], baseDir: string): LedgerCommand => {
  const args = argumentsAfter(argv, LEDGER_SCRIPT)
  if (args === null) {
    throw new LedgerUsageError(`Run this as the Payload bin script ${LEDGER_SCRIPT}.`)
  }
  let parsed
  try {
    parsed = parseArgs({
      allowPositionals: true,
      args,
      options: { in: { type: 'string' }, out: { type: 'string' } },
      strict: true,
    })
  } catch (error) {
    throw new LedgerUsageError((error as Error).message)
  }
  const { positionals, values } = parsed
  if (positionals.length !== 1) {
    throw new LedgerUsageError('Name one command: export, import, verify or migrate.')
  }
  const [name] = positionals
  if (name === 'verify' || name === 'migrate') {
    if (values.in !== undefined || values.out !== undefined) {
      throw new LedgerUsageError(`${name} takes no --in or --out.`)
    }
    return name === 'verify' ? { name } : { name }
  }
  if (name !== 'export' && name !== 'import') {
    throw new LedgerUsageError(`Unknown command "${name}".`)
  }
  const [wanted, unwanted] = name === 'export' ? (['out', 'in'] as const) : (['in', 'out'] as const)
  const file = values[wanted]
  if (!file) {
    throw new LedgerUsageError(`${name} needs --${wanted} FILE.`)
  }
  if (values[unwanted] !== undefined) {
    throw new LedgerUsageError(`${name} takes no --${unwanted}.`)
  }
  return { file: path.resolve(baseDir, file), name }
}
