import type { Payload, SanitizedConfig } from 'payload'


import { ledgerServices } from '../plugin/runtime.js'
import { ADOPT_SCRIPT, ADOPT_USAGE, parseAdoptArguments } from './adopt-arguments.js'
import { progressPrinter } from './progress-bar.js'
import { runScript } from './run-script.js'
import type { AdoptReport } from '../plugin/features/adopt/index.js'
import { adoptReservations } from '../plugin/features/adopt/index.js'

/** The report as lines: counts first, then every conflict and every document left as it was. */
export const describeAdoptReport = (report: AdoptReport): string[] => {
  const verb = report.dryRun ? 'would adopt' : 'adopted'
  return [
    `adopt${report.dryRun ? ' (dry run, nothing written)' : ''}: ${report.total} documents in ${report.collection}: ` +
      `${verb} ${report.adopted.length}, ${report.conflicts.length} of them over capacity; ` +
      `${report.skipped} already in the ledger; ${report.failed.length} not adoptable`,
    ...report.conflicts.map(
      ({ id, overlaps }) => `conflict: ${id} overlaps ${overlaps.join(', ')} beyond capacity (${report.dryRun ? 'would be ' : ''}adopted; its time stays taken until staff move or cancel one)`,
    ),
    ...report.failed.map(({ id, message, path }) => `not adopted: ${id}: ${message}${path ? ` (${path})` : ''}`),
  ]
}

/** Adopts with a progress bar on stderr and the report on stdout. */
export const adoptWithProgress = async (payload: Payload, { dryRun }: { dryRun: boolean }): Promise<AdoptReport> => {
  const draw = progressPrinter(process.stderr, 'adopt', 'documents')
  const report = await adoptReservations(payload, ledgerServices, { dryRun, onProgress: ({ done, total }) => draw(done, total) })
  describeAdoptReport(report).forEach((line) => console.log(line))
  return report
}

/**
 * `npx payload reserve:adopt [--dry-run]` (registered by the plugin as a Payload bin script):
 * takes the documents of the reservations collection that predate the ledger into it.
 */
export const script = (config: SanitizedConfig): Promise<void> =>
  runScript(config, { key: ADOPT_SCRIPT, usage: ADOPT_USAGE }, async (boot) => {
    const { dryRun } = parseAdoptArguments(process.argv)
    await adoptWithProgress(await boot(), { dryRun })
  })
