import { APIError, ValidationError } from 'payload'

import { type CommandRejected, isCommandRejected } from '../../events/rejection.js'

const STATUS = { conflict: 409, forbidden: 403, invalid: 400, limit: 429, 'not-found': 404 } as const

/** A refused command or query: the caller's business, logged by Payload at info level (see the plugin). */
export class LedgerRejection extends APIError {
  constructor(message: string, status: number, data?: Record<string, unknown>) {
    super(message, status, data, true)
    this.name = LEDGER_REJECTION
  }
}

export const LEDGER_REJECTION = 'LedgerRejection'

/**
 * A command rejection as Payload's standard error body,
 * `{ errors: [{ message, data: { errors: [{ path, message }] } }] }`: 400 for invalid input,
 * 409 for a capacity conflict, 403 and 404 as they say, 429 for too many live holds.
 */
export const toPayloadError = (rejection: CommandRejected, collection: string): APIError => {
  const path = rejection.path ?? 'id'
  if (rejection.kind === 'invalid') {
    return new ValidationError({ collection, errors: [{ message: rejection.message, path }] })
  }
  return new LedgerRejection(rejection.message, STATUS[rejection.kind], {
    collection,
    errors: [{ message: rejection.message, path }],
  })
}

/** A ledger refusal as Payload's error (`toPayloadError`); any other error as it is. */
export const refusalAsPayloadError = (error: unknown, collection: string): unknown =>
  isCommandRejected(error) ? toPayloadError(error, collection) : error

/** `hook`, with the ledger's refusals thrown as Payload's errors (400, 403, 404 or 409 with their field path). */
export const refusalsAsPayloadErrors =
  <A, R>(collection: string, hook: (args: A) => Promise<R>) =>
  async (args: A): Promise<R> => {
    try {
      return await hook(args)
    } catch (error) {
      throw refusalAsPayloadError(error, collection)
    }
  }
