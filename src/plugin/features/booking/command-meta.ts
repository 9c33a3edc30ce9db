import type { PayloadRequest } from 'payload'

import type { CommandMeta } from '../../../commands/ledger.js'
import type { ResolvedOptions, RoleOptions } from '../../options.js'

import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { requestTracer } from './debug-trace.js'

/**
 * Who is acting, for the audit trail and the privilege rules: a signed-in user; server code
 * calling the Local API without a user (trusted, like Payload's own overrideAccess default);
 * or an anonymous caller over HTTP, who can only act as a guest.
 */
export const commandMeta = (req: PayloadRequest, options: RoleOptions & Pick<ResolvedOptions, 'debug'>, reason?: string): CommandMeta => {
  const trace = requestTracer(req, options)
  const base = {
    ...(reason ? { reason } : {}),
    ...(trace ? { trace } : {}),
    ...(typeof req.context?.requestId === 'string' ? { requestId: req.context.requestId } : {}),
  }
  if (req.user) {
    return {
      ...base,
      actor: { collection: req.user.collection, id: String(req.user.id), kind: 'user' },
      privileged: isPrivileged(req.user, options),
    }
  }
  if (req.payloadAPI === 'local') {
    return { ...base, actor: { kind: 'system', name: 'local-api' }, privileged: true }
  }
  return { ...base, actor: { kind: 'guest' }, privileged: false }
}
