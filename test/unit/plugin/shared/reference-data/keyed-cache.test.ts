import { describe, expect, it } from 'vitest'

import { KeyedCache } from '../../../../../src/plugin/shared/reference-data/keyed-cache.js'

const TIMING = { maxAgeMs: 5_000, settleMs: 1_000 }

/** A cache on a clock the test moves, and a loader that counts its calls. */
const setUp = () => {
  let now = 0
  const cache = new KeyedCache<string>(TIMING, () => now)
  const store = new Map([
    ['a', 'A1'],
    ['b', 'B1'],
  ])
  const loads: string[][] = []
  const load = async (keys: string[]) => {
    loads.push(keys)
    return new Map(keys.filter((key) => store.has(key)).map((key) => [key, store.get(key)!]))
  }
  return { advance: (ms: number) => (now += ms), cache, load, loads, store }
}

describe('KeyedCache', () => {
  it('loads the missing keys in one call and serves them from memory afterwards', async () => {
    const { cache, load, loads } = setUp()
    expect(await cache.getMany(['a', 'b', 'a'], load)).toEqual(new Map([['a', 'A1'], ['b', 'B1']]))
    expect(await cache.getMany(['b', 'a'], load)).toEqual(new Map([['b', 'B1'], ['a', 'A1']]))
    expect(loads).toEqual([['a', 'b']])
  })

  it('does not remember a key the loader did not find (it may be created elsewhere)', async () => {
    const { cache, load, loads, store } = setUp()
    expect((await cache.getMany(['c'], load)).has('c')).toBe(false)
    store.set('c', 'C1')
    expect((await cache.getMany(['c'], load)).get('c')).toBe('C1')
    expect(loads).toEqual([['c'], ['c']])
  })

  it('reloads an entry older than maxAgeMs: another process may have changed it', async () => {
    const { advance, cache, load, store } = setUp()
    await cache.getMany(['a'], load)
    store.set('a', 'A2')
    advance(4_999)
    expect((await cache.getMany(['a'], load)).get('a')).toBe('A1')
    advance(1)
    expect((await cache.getMany(['a'], load)).get('a')).toBe('A2')
  })

  it('reloads an invalidated key at once', async () => {
    const { cache, load, store } = setUp()
    await cache.getMany(['a', 'b'], load)
    store.set('a', 'A2')
    cache.invalidate('a')
    expect(await cache.getMany(['a', 'b'], load)).toEqual(new Map([['a', 'A2'], ['b', 'B1']]))
  })

  it('does not store what a load racing an invalidation read: it may be the old row', async () => {
    const { advance, cache, store } = setUp()
    let release: () => void = () => undefined
    const slowLoad = (keys: string[]) =>
      new Promise<Map<string, string>>((resolve) => {
        release = () => resolve(new Map(keys.map((key) => [key, store.get(key)!])))
      })
    const racing = cache.getMany(['a'], slowLoad)
    cache.invalidate('a')
    release()
    expect((await racing).get('a')).toBe('A1')
    store.set('a', 'A2')
    // Within the settle time loads are served but not kept either (the write may not be committed).
    advance(500)
    const fresh = async (keys: string[]) => new Map(keys.map((key) => [key, store.get(key)!]))
    expect((await cache.getMany(['a'], fresh)).get('a')).toBe('A2')
    store.set('a', 'A3')
    expect((await cache.getMany(['a'], fresh)).get('a')).toBe('A3')
    advance(1_000)
    await cache.getMany(['a'], fresh)
    store.set('a', 'A4')
    expect((await cache.getMany(['a'], fresh)).get('a')).toBe('A3')
  })

  it('reloads every key after clear(), and does not store a load that started before it', async () => {
    const { advance, cache, load, store } = setUp()
    await cache.getMany(['a', 'b'], load)
    let release: () => void = () => undefined
    // It reads the rows now, and answers later.
    const slowLoad = (keys: string[]) => {
      const read = new Map(keys.map((key) => [key, store.get(key)!]))
      return new Promise<Map<string, string>>((resolve) => {
        release = () => resolve(read)
      })
    }
    advance(5_000)
    const racing = cache.getMany(['a'], slowLoad)
    store.set('a', 'A2')
    store.set('b', 'B2')
    advance(1)
    cache.clear()
    release()
    expect((await racing).get('a')).toBe('A1')
    advance(1)
    expect(await cache.getMany(['a', 'b'], load)).toEqual(new Map([['a', 'A2'], ['b', 'B2']]))
  })

  it('serves entries for as long as expireAfter() says from then on', async () => {
    const { advance, cache, load, store } = setUp()
    cache.expireAfter(60_000)
    await cache.getMany(['a'], load)
    store.set('a', 'A2')
    advance(59_999)
    expect((await cache.getMany(['a'], load)).get('a')).toBe('A1')
    advance(1)
    expect((await cache.getMany(['a'], load)).get('a')).toBe('A2')
  })
})
