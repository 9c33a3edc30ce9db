import type { CommandMeta } from '../../commands/ledger.js'
import type { Guest, HoldHolder } from '../../events/types.js'

import { holdTokenDigest } from '../../commands/hold-rules.js'

/** Who asks, as a hold knows its holder: the user, a guest by the digest of the hold token they present, or server code. */
export const holdCallerOf = ({ actor }: CommandMeta, token: null | string): HoldHolder => {
  switch (actor.kind) {
    case 'guest':
      return { kind: 'guest', tokenHash: holdTokenDigest(token ?? '') }
    case 'system':
      return { kind: 'system' }
    case 'user':
      return { collection: actor.collection, id: actor.id, kind: 'user' }
  }
}

/**
 * Who the limit of live holds counts against: a user, or a guest by the e-mail (else phone) they
 * give, which is all that tells one guest from another. Privileged staff and server code have no
 * limit (null).
 */
export const holderKeyOf = ({ actor, privileged }: CommandMeta, guest: Guest | null): null | string => {
  if (privileged || actor.kind === 'system') {
    return null
  }
  if (actor.kind === 'user') {
    return `user:${actor.collection}:${actor.id}`
  }
  return `guest:${(guest?.email ?? guest?.phone ?? '').trim().toLowerCase()}`
}

/** Hold ids are the ledger's UUIDs: anything else names no hold (and is not worth a read). */
export const isHoldId = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
