import type { ReserveClient } from '../api-client/endpoint-types.js'
import type { RecordId } from '../contract/http.js'
import type { BookableResource } from './catalog.js'

import { addCalendarDays, localDateOf } from '../time/local-time.js'
import { type FreeSlot, firstFreePerStart, nextFreeTimes } from './free-slot.js'

export interface SlotsQuestion {
  /** Minutes: the length chosen of a flexible service (its shortest when left out). */
  duration?: number
  /** The resources to ask, in order of preference: one chosen, or every one offering the service ("any"). */
  resources: readonly BookableResource[]
  service: RecordId
}

/** A guest's own live hold, whose time counts as free for them. */
export interface OwnHold {
  holdId: string
  holdToken?: string
}

/**
 * The free slots of `date` (a local day of each resource) across the resources, each start once
 * with the first resource free then. A refusal is thrown as an Error with the server's message.
 */
export const freeSlotsOn = async (
  client: ReserveClient,
  { duration, resources, service }: SlotsQuestion,
  date: string,
  { hold, signal }: { hold?: null | OwnHold; signal?: AbortSignal } = {},
): Promise<FreeSlot[]> => {
  const answers = await Promise.all(
    resources.map(async ({ id, timezone }) => {
      const result = await client.getSlots({ query: { date, resource: id, service, ...(duration !== undefined && { duration }), ...(hold ?? {}) } }, { signal })
      if (!result.ok) {
        throw new Error(result.message)
      }
      return { resource: id, slots: result.data.slots, timezone }
    }),
  )
  return firstFreePerStart(answers)
}

/** How far the next free times are looked for: the refused day and this many after it. */
export const NEXT_FREE_DAYS = 7

/**
 * The first `count` free times after `after` (an ISO instant), on its day (in the first
 * resource's zone) and the days after it, up to `NEXT_FREE_DAYS`.
 */
export const findNextFreeTimes = async (
  client: ReserveClient,
  question: SlotsQuestion,
  after: string,
  { count = 5, signal }: { count?: number; signal?: AbortSignal } = {},
): Promise<FreeSlot[]> => {
  const zone = question.resources[0]?.timezone ?? 'UTC'
  const first = localDateOf(Date.parse(after), zone)
  let found: FreeSlot[] = []
  for (let day = 0; day <= NEXT_FREE_DAYS && found.length < count; day += 1) {
    found = nextFreeTimes([...found, ...(await freeSlotsOn(client, question, addCalendarDays(first, day), { signal }))], Date.parse(after), count)
  }
  return found
}
