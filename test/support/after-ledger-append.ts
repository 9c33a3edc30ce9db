import type { Payload } from 'payload'

import type { AppendRequest } from '../../src/events/store.js'

import { RESERVATION_STREAM_PREFIX } from '../../src/events/types.js'
import { ledgerServices } from '../../src/plugin/runtime.js'

/**
 * Runs `then` on the instance's next ledger append that `matches` (by default any append to a
 * reservation stream), once it is committed and before the request goes on to save the document.
 * A reservation write appends in the adapter's save of its document, so this is the moment
 * between the two: what a host freezing or killing a function mid-request leaves behind.
 */
export const afterLedgerAppend = (
  payload: Payload,
  then: () => Promise<void>,
  matches: (requests: AppendRequest[]) => boolean = (requests) => requests.some(({ stream }) => stream.startsWith(RESERVATION_STREAM_PREFIX)),
): void => {
  const store = ledgerServices.of(payload).ledger.store
  const appendAtomically = store.appendAtomically!.bind(store)
  let armed = true
  store.appendAtomically = async (requests) => {
    const results = await appendAtomically(requests)
    if (armed && matches(requests)) {
      armed = false
      await then()
    }
    return results
  }
}
