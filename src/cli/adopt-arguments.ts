import { parseArgs } from 'node:util'

const ADOPT_SCRIPT = 'reserve:adopt'

export const ADOPT_USAGE = [
  'Usage:',
  '  npm run adopt -- --dry-run   report what adopting would do, write nothing',
  '  npm run adopt                write one ReservationAdopted event per reservation the ledger',
  '                               does not have yet (a second run adopts nothing new)',
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
  const at = argv.findIndex((arg) => arg.toLowerCase() === ADOPT_SCRIPT)
  if (at === -1) {
    throw new AdoptUsageError(`Run this as the Payload bin script ${ADOPT_SCRIPT}.`)
  }
  try {
    const { values } = parseArgs({ args: argv.slice(at + 1), options: { 'dry-run': { type: 'boolean' } }, strict: true })
    return { dryRun: values['dry-run'] ?? false }
  } catch (error) {
    throw new AdoptUsageError((error as Error).message)
  }
}
