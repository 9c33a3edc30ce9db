import type { PayloadRequest } from 'payload'

import type { ResolvedOptions, RoleOptions } from '../../options.js'
import type { ReserveRuntime, Services } from '../../services.js'

import { isHolder } from '../../../commands/hold-rules.js'
import { MESSAGES } from '../../../contract/messages.js'
import { queryParam } from '../../shared/http/query-params.js'
import { errorBody } from '../../shared/http/request-error.js'
import { holdCallerOf, isHoldId } from '../../shared/hold-caller.js'
import { commandMeta } from '../booking/index.js'

/**
 * The hold a slot query's caller names with `holdId` (a guest adds `holdToken`), whose capacity
 * then counts as free for them: its id when it is live and theirs; null when none is named or it
 * has ended; 403 `{ error: 'Forbidden' }` for another caller's live hold.
 */
export const ownHoldOf = async (req: PayloadRequest, options: RoleOptions & Pick<ResolvedOptions, 'debug'>, services: Services<Pick<ReserveRuntime, 'ledger'>>): Promise<null | string> => {
  const holdId = queryParam(req, 'holdId')
  const token = queryParam(req, 'holdToken')
  if (holdId.kind === 'absent') {
    return null
  }
  if (holdId.kind !== 'text' || (token.kind !== 'absent' && token.kind !== 'text')) {
    throw errorBody(400, MESSAGES.holdTokenType)
  }
  if (!isHoldId(holdId.value)) {
    return null
  }
  const { state } = await services.of(req.payload).ledger.load(holdId.value)
  if (state.kind !== 'held') {
    return null
  }
  if (!isHolder(state.hold.holder, holdCallerOf(commandMeta(req, options), token.kind === 'text' ? token.value : null))) {
    throw errorBody(403, MESSAGES.forbidden)
  }
  return holdId.value
}
