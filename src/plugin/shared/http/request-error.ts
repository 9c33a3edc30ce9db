import type { PayloadHandler, PayloadRequest } from 'payload'

import type { ErrorBody, MessageBody, PayloadErrorBody, RefusalBody } from '../../../contract/http.js'

/**
 * A refusal with the exact status and body the API documents. Handlers throw it; `endpoint`
 * turns it into the response. Anything else thrown goes to Payload's own error handling, which
 * answers APIErrors (validation, conflicts, access) in its standard body.
 */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: RefusalBody,
  ) {
    super(JSON.stringify(body))
    this.name = 'RequestError'
  }
}

/**
 * `{ error: text }`: the body of the query endpoints' refusals (see docs/ARCHITECTURE.md,
 * "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)").
 */
export const errorBody = (status: number, text: string): RequestError => new RequestError(status, { error: text } satisfies ErrorBody)

/**
 * `{ message: text }`: the body of cancel, history and customer-search refusals (see
 * docs/ARCHITECTURE.md, "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)").
 */
export const messageBody = (status: number, text: string): RequestError => new RequestError(status, { message: text } satisfies MessageBody)

/** `{ errors: [{ message }] }`: Payload's standard error body, used by book like the REST API. */
export const payloadErrorBody = (status: number, text: string): RequestError =>
  new RequestError(status, { errors: [{ message: text }] } satisfies PayloadErrorBody)

export const endpoint =
  (handle: (req: PayloadRequest) => Promise<Response>): PayloadHandler =>
  async (req) => {
    try {
      return await handle(req)
    } catch (error) {
      if (error instanceof RequestError) {
        return Response.json(error.body, { status: error.status })
      }
      throw error
    }
  }
