import { ReserveApiError } from './reserve-api-error.js'

type Result = { data: unknown; ok: true } | { body: unknown; message: string; ok: false; status: number }

/** A success's data, or the refusal thrown as a `ReserveApiError`: for code that handles refusals as errors. */
export const orThrow = <R extends Result>(result: R): Extract<R, { ok: true }>['data'] => {
  if (!result.ok) {
    throw new ReserveApiError(result.status, result.message, result.body)
  }
  return result.data
}
