import type { z } from 'zod'

import type { ENDPOINT_SCHEMAS } from '../contract/endpoint-schemas.js'
import type { ENDPOINTS, EndpointName } from '../contract/endpoints.js'

/**
 * The API client's types, inferred from the contract's schemas (`ENDPOINT_SCHEMAS`) through a
 * type-only import: the client carries no zod at runtime.
 */

type Schemas = typeof ENDPOINT_SCHEMAS
type Responses<N extends EndpointName> = Schemas[N]['responses']
type Status<N extends EndpointName> = keyof Responses<N> & number

type IsRefusal<S extends number> = `${S}` extends `4${string}` | `5${string}` ? true : false

/** The statuses a call of `N` succeeds with (below 400). */
export type SuccessStatus<N extends EndpointName> = { [S in Status<N>]: IsRefusal<S> extends true ? never : S }[Status<N>]

/** The statuses `N` refuses with, as the contract declares them. */
export type RefusalStatus<N extends EndpointName> = Exclude<Status<N>, SuccessStatus<N>>

/** What a response body is, by its schema: one of several, none, or one. */
type BodyOf<Schema> = Schema extends null
  ? undefined
  : Schema extends readonly (infer One)[]
    ? One extends z.ZodType
      ? z.output<One>
      : never
    : Schema extends z.ZodType
      ? z.output<Schema>
      : never

/** A success's data: the JSON body; a calendar feed's text; an event stream's open response, unread. */
type DataOf<N extends EndpointName, S extends Status<N>> = (typeof ENDPOINTS)[N] extends { mediaType: 'text/event-stream' }
  ? Response
  : BodyOf<Responses<N>[S]>

/** A typed answer: the data of a success, or the refusal's status, its message and its body. */
export type ReserveResult<N extends EndpointName> =
  | { [S in SuccessStatus<N>]: { data: DataOf<N, S>; ok: true; status: S } }[SuccessStatus<N>]
  | { [S in RefusalStatus<N>]: { body: BodyOf<Responses<N>[S]>; message: string; ok: false; status: S } }[RefusalStatus<N>]

type ParamsOf<N extends EndpointName> = Schemas[N] extends { params: infer P extends z.ZodType } ? { params: z.input<P> } : unknown

type QueryOf<N extends EndpointName> = Schemas[N] extends { query: infer Q extends z.ZodType }
  ? {} extends z.input<Q>
    ? { query?: z.input<Q> }
    : { query: z.input<Q> }
  : unknown

type BodyInputOf<N extends EndpointName> = Schemas[N] extends { body: { required: infer R; schema: infer B extends z.ZodType } }
  ? R extends true
    ? { body: z.input<B> }
    : { body?: z.input<B> }
  : unknown

/** A call's input: its path parameters, query and body, each where the endpoint takes one. */
export type EndpointInput<N extends EndpointName> = BodyInputOf<N> & ParamsOf<N> & QueryOf<N>

/** Per call: an AbortSignal, and headers beside the client's own (e.g. `Last-Event-ID`, `If-None-Match`). */
export interface CallOptions {
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** One function per endpoint; the input may be left out when nothing in it is required. */
export type EndpointCall<N extends EndpointName> = (
  ...args: {} extends EndpointInput<N>
    ? [input?: EndpointInput<N>, options?: CallOptions]
    : [input: EndpointInput<N>, options?: CallOptions]
) => Promise<ReserveResult<N>>

export type ReserveClient = { [N in EndpointName]: EndpointCall<N> }
