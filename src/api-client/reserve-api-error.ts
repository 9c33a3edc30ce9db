/**
 * An answer the contract does not declare for the endpoint (a server failure, a proxy's 502), or
 * a refusal turned into an error by `orThrow`: its status, the message the body carries (read by
 * the contract's one refusal parser) and the body as sent.
 */
export class ReserveApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message)
    this.name = 'ReserveApiError'
  }
}
