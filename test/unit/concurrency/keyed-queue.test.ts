import { describe, expect, it } from 'vitest'

import { KeyedQueue } from '../../../src/concurrency/keyed-queue.js'

const deferred = () => {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('KeyedQueue', () => {
  it('runs the tasks of one key in the order they were queued, each after the last has settled', async () => {
    const queue = new KeyedQueue()
    const log: string[] = []
    const first = deferred()
    const a = queue.run('r1', async () => {
      log.push('a starts')
      await first.promise
      log.push('a ends')
    })
    const b = queue.run('r1', async () => {
      log.push('b runs')
    })
    await Promise.resolve()
    expect(log).toEqual(['a starts'])
    first.resolve()
    await Promise.all([a, b])
    expect(log).toEqual(['a starts', 'a ends', 'b runs'])
  })

  it('lets other keys run meanwhile, and a failed task neither blocks the next nor hides its error', async () => {
    const queue = new KeyedQueue()
    const held = deferred()
    const slow = queue.run('r1', () => held.promise)
    await expect(queue.run('r2', async () => 'other key')).resolves.toBe('other key')
    held.resolve()
    await slow
    await expect(queue.run('r1', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused')
    await expect(queue.run('r1', async () => 'next')).resolves.toBe('next')
  })

  it('drains tasks queued while it waits', async () => {
    const queue = new KeyedQueue()
    const log: string[] = []
    void queue.run('r1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      void queue.run('r2', async () => {
        log.push('queued during drain')
      })
    })
    await queue.drain()
    expect(log).toEqual(['queued during drain'])
  })
})
