import type { Change, ChangeStream } from '../../src/plugin/cross-process/watch-changes.js'

/**
 * A change stream as the driver's behaves in iterator mode: the first `tryNext` opens it (or
 * fails as the server refuses it), then it yields what is pushed until it fails or is closed.
 */
export class ScriptedStream implements ChangeStream {
  closed = false
  private readonly queue: Array<Change | Error> = []
  private wake: (() => void) | undefined

  constructor(private readonly refusal?: Error) {}

  async *[Symbol.asyncIterator](): AsyncIterator<Change> {
    while (!this.closed) {
      const next = this.queue.shift()
      if (next instanceof Error) {
        throw next
      }
      if (next) {
        yield next
        continue
      }
      await new Promise<void>((resolve) => (this.wake = resolve))
    }
  }

  async close() {
    this.closed = true
    this.wake?.()
  }

  push(item: Change | Error) {
    this.queue.push(item)
    this.wake?.()
  }

  async tryNext() {
    if (this.refusal) {
      throw this.refusal
    }
    return null
  }
}
