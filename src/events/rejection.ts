/**
 * Why a command was refused. Deciders return these instead of throwing Payload errors so they
 * stay free of the host; the plugin maps `kind` to an HTTP status (400, 403, 404, 409, and 429
 * for `limit`: a caller already keeps as many holds as it may).
 */
export type RejectionKind = 'conflict' | 'forbidden' | 'invalid' | 'limit' | 'not-found'

export class CommandRejected extends Error {
  readonly kind: RejectionKind
  /** Field path the rejection is about, e.g. `startTime` or `items.1.startTime`. */
  readonly path?: string

  constructor(kind: RejectionKind, message: string, path?: string) {
    super(message)
    this.name = 'CommandRejected'
    this.kind = kind
    this.path = path
  }
}

export const isCommandRejected = (error: unknown): error is CommandRejected =>
  error instanceof CommandRejected || (error instanceof Error && error.name === 'CommandRejected')
