import type { PayloadRequest } from 'payload'

import type { HoldRow } from '../../projections/holds-projector.js'
import type { HoldDetails } from '../../contract/http.js'
import type { ResolvedOptions } from '../options.js'

import { isHolder } from '../../commands/hold-rules.js'
import { commandMeta } from '../reservations/command-meta.js'
import { getRuntime } from '../runtime.js'
import { holdCallerOf } from './hold-caller.js'

/**
 * What the calendar needs to act on each live hold (its id, its expiry, whether the caller placed
 * it), for those the caller may act on: privileged staff release any, a signed-in holder their
 * own. Others learn only that the time is held. Anonymous callers get none, without a ledger read.
 */
export const holdDetailsFor = async (req: PayloadRequest, options: ResolvedOptions, rows: Map<string, HoldRow>): Promise<Map<string, HoldDetails | null>> => {
  const meta = commandMeta(req, options)
  if (!req.user || rows.size === 0) {
    return new Map([...rows.keys()].map((holdId) => [holdId, null]))
  }
  const caller = holdCallerOf(meta, null)
  const { ledger } = getRuntime(req.payload)
  const entries = await Promise.all(
    [...rows.values()].map(async ({ expiresAt, holdId }) => {
      const { state } = await ledger.load(holdId)
      const mine = state.kind === 'held' && isHolder(state.hold.holder, caller)
      const details: HoldDetails = { expiresAt: new Date(expiresAt).toISOString(), holdId, ...(mine ? { mine: true as const } : {}) }
      return [holdId, mine || meta.privileged ? details : null] as const
    }),
  )
  return new Map(entries)
}
