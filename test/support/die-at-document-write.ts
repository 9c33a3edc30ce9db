import type { Payload } from 'payload'

import { afterLedgerAppend } from './after-ledger-append.js'

/**
 * Makes the instance hang after its ledger's next append of a reservation write, before it
 * saves the document, as a host that freezes or kills a function mid-request does; `reached`
 * resolves then.
 */
export const dieAtDocumentWrite = (payload: Payload): Promise<void> =>
  new Promise((reached) => afterLedgerAppend(payload, () => (reached(), new Promise(() => undefined))))
