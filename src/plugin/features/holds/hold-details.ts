import type { PayloadRequest } from 'payload'

import type { HoldRow } from '../../../projections/holds-projector.js'
import type { HoldDetails } from '../../../contract/http.js'
import type { ResolvedOptions, RoleOptions } from '../../options.js'

import { holderRef } from '../../../commands/hold-rules.js'
import { holdCallerOf } from '../../shared/hold-caller.js'
import { commandMeta } from '../booking/index.js'

/**
 * What the calendar needs to act on each live hold (its id, its expiry, whether the caller placed
 * it), for those the caller may act on: privileged staff release any, a signed-in holder their
 * own. Others learn only that the time is held. The holder comes from the hold's row, so this
 * reads no stream.
 */
export const holdDetailsFor = (req: PayloadRequest, options: RoleOptions & Pick<ResolvedOptions, 'debug'>, rows: Map<string, HoldRow>): Map<string, HoldDetails | null> => {
  if (!req.user) {
    return new Map([...rows.keys()].map((holdId) => [holdId, null]))
  }
  const meta = commandMeta(req, options)
  const caller = holderRef(holdCallerOf(meta, null))
  return new Map(
    [...rows.values()].map(({ expiresAt, holder, holdId }) => {
      const mine = holder === caller
      const details: HoldDetails = { expiresAt: new Date(expiresAt).toISOString(), holdId, ...(mine ? { mine: true as const } : {}) }
      return [holdId, mine || meta.privileged ? details : null] as const
    }),
  )
}
