/**
 * Runs tasks one at a time per key, in the order they were queued; tasks under different keys
 * run freely. A task's failure is its caller's: the next task under the key runs regardless.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>()

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task)
    const tail = result.then(
      () => undefined,
      () => undefined,
    )
    this.tails.set(key, tail)
    void tail.then(() => {
      if (this.tails.get(key) === tail) {
        this.tails.delete(key)
      }
    })
    return result
  }

  /** Resolves once every task queued so far, and every task queued while waiting, has settled. */
  async drain(): Promise<void> {
    while (this.tails.size > 0) {
      await Promise.all(this.tails.values())
    }
  }
}
