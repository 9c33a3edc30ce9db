import type { Payload, SanitizedConfig } from 'payload'

import { getPayload } from 'payload'

import { enterCommandLine } from '../plugin/command-line.js'
import { wantsHelp } from './script-arguments.js'

const seconds = (since: number): string => `${((Date.now() - since) / 1000).toFixed(1)} s`

/**
 * Runs a bin script as its user expects: `--help` prints `usage` and exits 0 without booting
 * anything; otherwise `work` gets what boots Payload for the command alone (no schema push, no
 * background work: see `enterCommandLine`) and does the command. A failure prints
 * `<key>: <message>` and exits 1, as does work that answers false (Payload's bin exits 0
 * whatever a script does).
 */
export const runScript = async (
  config: SanitizedConfig,
  { key, usage }: { key: string; usage: string },
  work: (boot: () => Promise<Payload>) => Promise<boolean | void>,
): Promise<void> => {
  if (wantsHelp(process.argv, key)) {
    console.log(usage)
    return
  }
  const started = Date.now()
  try {
    const boot = async () => {
      enterCommandLine()
      const payload = await getPayload({ config })
      process.stderr.write(`${key}: Payload ready in ${seconds(started)}\n`)
      return payload
    }
    const succeeded = await work(boot)
    process.stderr.write(`${key}: finished in ${seconds(started)}\n`)
    if (succeeded === false) {
      process.exit(1)
    }
  } catch (error) {
    console.error(`${key}: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
