/**
 * The events of streams that guard a rule across concurrent requests by their revision alone:
 * an idempotency key used once, a caller's live holds, a contact's waiting entries.
 */

/**
 * The first and only event of an idempotency stream (`reserve-idempotency-<sha256 of key>`):
 * appending it at revision 0 is what makes two concurrent bookings with one key create one
 * reservation.
 */
export interface IdempotencyKeyUsed {
  data: { reservationId: string }
  type: 'IdempotencyKeyUsed'
}

/**
 * An event of a holder stream (`reserve-holder-<sha256 of the holder>`): a hold this caller
 * placed. Appended with the hold at the stream's expected revision, so two concurrent holds by
 * one caller cannot both pass the limit of live holds per caller.
 */
export interface HoldPlaced {
  data: { expiresAt: string; reservationId: string }
  type: 'HoldPlaced'
}

/**
 * An event of a waitlister stream (`reserve-waitlister-<sha256 of the contact>`): an entry joined
 * for this contact, waiting at most until `to`. Appended with the entry at the stream's expected
 * revision, so two concurrent joins for one contact cannot both pass the limit of waiting entries.
 */
export interface WaitlistEntryCounted {
  data: { entryId: string; to: string }
  type: 'WaitlistEntryCounted'
}
