import { createHmac } from 'node:crypto'

/**
 * The hold token of a hold offered to a waitlisted guest: derived from the hold id with the
 * site's secret, so that whichever process announces the offer (the one that placed the hold,
 * or another after a crash) hands the guest the same token. Only its digest is stored, as for
 * every hold token; without the secret it cannot be made from the id.
 */
export const offerHoldToken = (secret: string, holdId: string): string =>
  createHmac('sha256', secret).update(`payload-reserve-ledger:waitlist-hold:${holdId}`).digest('base64url')
