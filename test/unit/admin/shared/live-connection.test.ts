import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { followLive } from '../../../../src/admin/shared/live-connection.js'

/** A stand-in for the browser's EventSource: records what was opened and lets a test send. */
class FakeSource extends EventTarget {
  static readonly CLOSED = 2
  static opened: FakeSource[] = []
  readyState = 1
  constructor(readonly url: string) {
    super()
    FakeSource.opened.push(this)
  }
  close() {
    this.readyState = FakeSource.CLOSED
  }
  send(type: string, data?: unknown) {
    this.dispatchEvent(Object.assign(new Event(type), { data: JSON.stringify(data) }))
  }
}

const URL = '/api/reserve/live'

describe('one live connection per page', () => {
  beforeEach(() => {
    FakeSource.opened = []
    vi.stubGlobal('EventSource', FakeSource)
    vi.stubGlobal('window', new EventTarget())
  })
  afterEach(() => vi.unstubAllGlobals())

  it('is shared by every follower, tells each of them, and closes when the last one leaves', () => {
    const calendar: (null | string)[] = []
    const drawer: (null | string)[] = []
    const stopCalendar = followLive(URL, (id) => calendar.push(id))
    const stopDrawer = followLive(URL, (id) => drawer.push(id))
    expect(FakeSource.opened).toHaveLength(1)

    const [source] = FakeSource.opened
    source.send('open')
    source.send('reservation', { reservationId: 'r1', revision: 2 })
    source.send('resync', {})
    expect(calendar).toEqual([null, 'r1', null])
    expect(drawer).toEqual([null, 'r1', null])

    stopDrawer()
    expect(source.readyState).not.toBe(FakeSource.CLOSED)
    source.send('reservation', { reservationId: 'r2', revision: 1 })
    expect(drawer).toEqual([null, 'r1', null])
    stopCalendar()
    expect(source.readyState).toBe(FakeSource.CLOSED)

    // A later follower opens a new connection.
    const stopAgain = followLive(URL, () => undefined)
    expect(FakeSource.opened).toHaveLength(2)
    stopAgain()
  })
})
