import type { BusyIndex } from '../../capacity/busy-index.js'

import { parseAppendNotice } from '../../events/adapters/payload-sql/append-notices.js'

/**
 * The handler of other processes' append notices: brings the busy index up to each announced
 * head, with the events the notice carries or else by reading them, so the next optimistic
 * decision here is made on it rather than failing its append first. Only an optimisation: the
 * append still checks every head, and a notice lost, late or unreadable costs that retry, not a
 * wrong answer.
 */
export const followAppends =
  (busy: BusyIndex, report: (error: unknown) => void) =>
  (payload: string): void => {
    const { events, heads } = parseAppendNotice(payload)
    busy.applyAnnounced(events)
    for (const { revision, stream } of heads) {
      busy.advance(stream, revision).catch(report)
    }
  }
