/** A stream's head as a checkpoint lists it: its last revision and that event's hash. */
export interface StreamHead {
  hash: string
  revision: number
  stream: string
}

/**
 * A checkpoint of the hash chains (the only event type of `reserve-checkpoints`): the heads of
 * the streams that changed since the checkpoints before it. Folded, the checkpoints tell every
 * stream's head, so a stream deleted or cut short since is found missing. Not a `LedgerEvent`:
 * those all belong to a reservation, and the deciders and projections never see this one.
 */
export interface LedgerCheckpointed {
  data: { heads: StreamHead[] }
  type: 'LedgerCheckpointed'
}
