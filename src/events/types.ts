/**
 * The ledger's events, one file per stream family, each a discriminated union:
 * reservation streams (the life of one reservation), capacity streams (claims on a resource's
 * month), guard streams (idempotency keys, a caller's holds, a contact's waiting entries),
 * waitlist streams and the checkpoint stream; the envelope every event carries; stream names.
 */

export type * from './capacity-events.js'
export type * from './checkpoint-events.js'
export * from './envelope.js'
export type * from './guard-events.js'
export type * from './reservation-events.js'
export * from './stream-names.js'
export type * from './values.js'
export type * from './waitlist-events.js'
