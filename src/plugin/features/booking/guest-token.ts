import { createHash, timingSafeEqual } from 'node:crypto'

const DIGEST = /^[0-9a-f]{64}$/i

/**
 * Whether `token` is the guest cancellation token whose SHA-256 hex digest is stored. The
 * digests (fixed length) are compared in constant time, so the time taken tells nothing about
 * how much of a guessed token was right.
 */
export const matchesTokenDigest = (token: unknown, digest: unknown): boolean => {
  if (typeof token !== 'string' || token === '' || typeof digest !== 'string' || !DIGEST.test(digest)) {
    return false
  }
  return timingSafeEqual(createHash('sha256').update(token).digest(), Buffer.from(digest, 'hex'))
}
