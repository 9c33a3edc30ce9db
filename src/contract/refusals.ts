import { z } from 'zod'

/** The three refusal bodies the spec fixes; every refusal of the endpoints is one of them. */

/** `{ error }`: the refusals of slots and resource-availability, and of availability but a missing parameter. */
export const ErrorBody = z.object({ error: z.string() })
export type ErrorBody = z.output<typeof ErrorBody>

/** `{ message }`: the refusals of cancel, history and customer-search, and availability's missing parameters. */
export const MessageBody = z.object({ message: z.string() })
export type MessageBody = z.output<typeof MessageBody>

/** Payload's standard error body: book's refusals, and cancel's when the ledger refuses. */
export const PayloadErrorBody = z
  .object({
    errors: z.array(
      z.object({
        data: z.object({ errors: z.array(z.object({ message: z.string(), path: z.string() })) }).optional(),
        message: z.string(),
        name: z.string().optional(),
      }),
    ),
  })
  .meta({ description: "Payload's standard error body; `data.errors` names the fields (e.g. `startTime`, `items.1.startTime`)." })
export type PayloadErrorBody = z.output<typeof PayloadErrorBody>

/** Every refusal body the endpoints send. */
export type RefusalBody = ErrorBody | MessageBody | PayloadErrorBody
