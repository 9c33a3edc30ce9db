import { parseArgs } from 'node:util'

import { argumentsAfter, SCHEMA_NOTE } from './script-arguments.js'

export const ADOPT_SCRIPT = 'reserve:adopt'

export const ADOPT_USAGE = [
  'Usage:',
  '  npx payload reserve:adopt --dry-run   report what adopting would do, write nothing',
  '  npx payload reserve:adopt             write one ReservationAdopted event per reservation the',
  '                                        ledger does not have yet (a second run adopts nothing new)',
  '  npx payload reserve:adopt --help      this text',
  '',
  SCHEMA_NOTE,
].join('\n')

export class AdoptUsageError extends Error {
  constructor(problem: string) {
    super(`${problem}\n\n${ADOPT_USAGE}`)
    this.name = 'AdoptUsageError'
  }
}

/**
 * Reads `--dry-run` from the arguments after the script's key (Payload's bin passes scripts
 * nothing but the config; it matches the key case-insensitively).
 */
export const parseAdoptArguments = (argv: readonly string[]): { dryRun: boolean } => {
  const args = argumentsAfter(argv, ADOPT_SCRIPT)
  if (args === null) {
    throw new AdoptUsageError(`Run this as the Payload bin script ${ADOPT_SCRIPT}.`)
  }
  try {
    const { values } = parseArgs({ args, options: { 'dry-run': { type: 'boolean' } }, strict: true })
    return { dryRun: values['dry-run'] ?? false }
  } catch (error) {
    throw new AdoptUsageError((error as Error).message)
  }
}
