import { describe, expect, it } from 'vitest'

import { StreamRevisions } from '../../../src/ledger-io/revisions.js'

describe('StreamRevisions', () => {
  it('accepts each stream counting from 0, interleaved, and counts the streams', () => {
    const revisions = new StreamRevisions()
    const taken = [
      ['a', 0],
      ['b', 0],
      ['a', 1],
      ['a', 2],
      ['b', 1],
    ] as const
    expect(taken.map(([stream, revision]) => revisions.accept(stream, revision))).toEqual(Array(5).fill(undefined))
    expect(revisions.streams).toBe(2)
  })

  it('refuses a stream that does not start at 0', () => {
    expect(new StreamRevisions().accept('a', 1)).toBe('stream a starts at revision 1, not 0')
  })

  it('refuses a gap and a repeat, and keeps expecting the revision it wanted', () => {
    const revisions = new StreamRevisions()
    revisions.accept('a', 0)
    expect(revisions.accept('a', 2)).toBe('stream a goes from revision 0 to 2')
    expect(revisions.accept('a', 0)).toBe('stream a goes from revision 0 to 0')
    expect(revisions.accept('a', 1)).toBeUndefined()
  })
})
