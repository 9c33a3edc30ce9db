import type { Guest, HoldHolder, RelationId } from './values.js'

/**
 * Revision 0 of a waitlist stream (`reserve-waitlist-<entryId>`): someone wants the service
 * (on `resource`, or on any resource offering it when null) at a time within `[from, to)`, which
 * had no room when they asked. `owner` is who may take it back: the signed-in user, or a guest by
 * the SHA-256 of the token the 201 carried once. `customer` or `guest` is the contact an offer
 * goes to; `joinedAt` (the metadata's `at` too) orders the waiting line.
 */
export interface WaitlistJoined {
  data: {
    customer: null | RelationId
    entryId: string
    /** ISO 8601: the earliest start wanted. */
    from: string
    guest: Guest | null
    guestCount: number
    owner: HoldHolder
    /** Null: any resource that offers the service. */
    resource: null | RelationId
    service: RelationId
    /** Multi-tenant sites: the tenant of the entry's service (resource), fixed at joining; absent elsewhere. */
    tenant?: null | RelationId
    /** ISO 8601: the latest end wanted; the entry expires then. */
    to: string
  }
  type: 'WaitlistJoined'
}

/** Capacity that fits the entry was freed and held for its contact: `holdId` until `expiresAt`. */
export interface WaitlistOffered {
  data: { entryId: string; expiresAt: string; holdId: string; resource: RelationId; startTime: string }
  type: 'WaitlistOffered'
}

/** The entry taken back by whoever joined it, or by staff, before any offer. */
export interface WaitlistLeft {
  data: { entryId: string }
  type: 'WaitlistLeft'
}

/** The entry reached the end of its range without an offer. */
export interface WaitlistExpired {
  data: { entryId: string }
  type: 'WaitlistExpired'
}

/**
 * The events of waitlist streams. Not `LedgerEvent`s, like `LedgerCheckpointed`: those all belong
 * to a reservation, and the reservation deciders, projections, catch-up handlers and the outbox
 * never look at these (they select reservation and resource streams by prefix).
 */
export type WaitlistEvent = WaitlistExpired | WaitlistJoined | WaitlistLeft | WaitlistOffered
