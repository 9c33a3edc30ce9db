import type { Payload } from 'payload'

import { v7 as uuidv7 } from 'uuid'

import type { RelationId } from '../src/events/types.js'
import type { BookingPath } from './measurement.js'
import type { BenchScenario } from './scenario.js'
import type { BenchSlot } from './slot-plan.js'

import { restRequest } from '../test/helpers/payload.js'
import { BARE_SLUG } from './bare-collection.js'

/** Books `slot` (the i-th booking of its run); resolves with null when the document was created, else why not. */
export type Booker = (slot: BenchSlot, i: number) => Promise<null | string>

export const postBook = async (
  payload: Payload,
  body: Record<string, unknown>,
  token?: string,
): Promise<{ status: number; text: string }> => {
  const response = await restRequest(payload, '/api/reserve/book', {
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `JWT ${token}` } : {}) },
    method: 'POST',
  })
  return { status: response.status, text: await response.text() }
}

export const guestBody = (resource: unknown, service: unknown, start: number, who: string) => ({
  guest: { email: `${who}@bench.example`, name: who },
  resource,
  service,
  startTime: new Date(start).toISOString(),
})

const customerBody = (slot: BenchSlot, customer: RelationId) => ({
  customer,
  resource: slot.resource,
  service: slot.service,
  startTime: new Date(slot.start).toISOString(),
})

const answered = ({ status, text }: { status: number; text: string }): null | string =>
  status === 201 ? null : `${status} ${text.slice(0, 300)}`

const thrown = (error: unknown): string => {
  const { data, message, status } = error as { data?: unknown; message?: string; status?: number }
  return `${status ?? 'error'} ${message ?? String(error)}${data ? ` ${JSON.stringify(data).slice(0, 200)}` : ''}`.slice(0, 300)
}

/**
 * One booker per path. `label` keeps guest emails unique across runs; customers are taken in
 * turn. `staffToken` is the JWT of a staff user of this process (its secret signs it).
 */
export const bookers = (
  payload: Payload,
  scenario: BenchScenario,
  { label, staffToken }: { label: string; staffToken: string },
): Record<BookingPath, Booker> => {
  const customer = (i: number) => scenario.customers[i % scenario.customers.length]
  return {
    async bare(slot, i) {
      try {
        // The document a Local API booking projects: the ledger's UUIDv7 id, the computed end
        // time and its bookkeeping revisions; status and guest count take their defaults.
        await payload.create({
          collection: BARE_SLUG,
          data: { ...customerBody(slot, customer(i)), endTime: new Date(slot.end).toISOString(), id: uuidv7(), ledgerHooksRevision: 0, ledgerRevision: 0 },
        })
        return null
      } catch (error) {
        return thrown(error)
      }
    },
    guest: async (slot, i) => answered(await postBook(payload, guestBody(slot.resource, slot.service, slot.start, `${label}-${i}`))),
    async local(slot, i) {
      try {
        // As the README shows it: server code, no user (trusted, like Payload's overrideAccess).
        await payload.create({ collection: 'reservations', data: customerBody(slot, customer(i)) })
        return null
      } catch (error) {
        return thrown(error)
      }
    },
    staff: async (slot, i) => answered(await postBook(payload, customerBody(slot, customer(i)), staffToken)),
  }
}
