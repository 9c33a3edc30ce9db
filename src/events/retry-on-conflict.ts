import { isWrongExpectedRevision } from './store.js'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs `attempt` until it does not fail on a stream that moved under it (optimistic
 * concurrency), at most `maxAttempts` times, with a short jittered pause between attempts.
 * Any other error, and the conflict of the last attempt, is thrown.
 */
export const retryOnConflict = async <T>(maxAttempts: number, attempt: (n: number) => Promise<T>): Promise<T> => {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n)
    } catch (error) {
      if (!isWrongExpectedRevision(error) || n >= maxAttempts) {
        throw error
      }
      await pause(Math.random() * Math.min(50, 2 ** n))
    }
  }
}
