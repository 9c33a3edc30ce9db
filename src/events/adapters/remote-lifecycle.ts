import { type Observable, Subject } from 'rxjs'

import type { RecordedEvent } from '../types.js'

/** What a store on a remote server opens with: its feed of committed events, and its close. */
export interface RemoteLifecycle {
  /** This process's appends, as committed. */
  committed: Subject<RecordedEvent>
  /** Emits once, on close: open subscriptions complete. */
  closing: Observable<void>
  /** Marks the connection closed (nothing is retried after it), ends the feeds, then lets the client go. */
  close(): Promise<void>
}

export const remoteLifecycle = (connection: { closed: boolean }, dispose: () => Promise<void>): RemoteLifecycle => {
  const committed = new Subject<RecordedEvent>()
  const closing = new Subject<void>()
  return {
    async close() {
      connection.closed = true
      committed.complete()
      closing.next()
      closing.complete()
      await dispose()
    },
    closing: closing.asObservable(),
    committed,
  }
}
