import { z } from 'zod'

import { RecordId } from './common.js'

/** A customer as the search answers it: id, email, and the name fields the collection has (null when empty). */
export const CustomerHit = z
  .object({
    email: z.string(),
    firstName: z.string().nullish(),
    id: RecordId,
    lastName: z.string().nullish(),
    name: z.string().nullish(),
    phone: z.string().nullish(),
  })
  .meta({ description: 'id and email, plus name, firstName, lastName and phone where the collection has them (null when empty).' })
export type CustomerHit = z.output<typeof CustomerHit>

/** GET /api/reservation-customer-search */
export const CustomerSearchResponse = z.object({ docs: z.array(CustomerHit), hasNextPage: z.boolean(), totalDocs: z.int() })
export type CustomerSearchResponse = z.output<typeof CustomerSearchResponse>
