import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Hold } from '../../../../../src/commands/reservation-state.js'

import { HoldExpiry } from '../../../../../src/plugin/features/holds/hold-expiry.js'
import { plan } from '../../../../support/ledger-fixtures.js'

const START = Date.parse('2030-01-10T12:00:00.000Z')
const hold = (id: string, minutes: number): Hold => ({
  ...plan(['r1'], '2030-01-12T09:00:00.000Z'),
  expiresAt: new Date(START + minutes * 60_000).toISOString(),
  holder: { kind: 'system' },
  reservationId: id,
})

describe('hold expiry on timers', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(START)
  })
  afterEach(() => vi.useRealTimers())

  const setUp = (timers = true) => {
    const expired: { at: number; id: string }[] = []
    const live = new Map<string, Hold>()
    let expiry: HoldExpiry
    const projector = {
      due: async () => [],
      project: async (id: string) => {
        const found = live.get(id) ?? null
        if (found) {
          expiry.arm(found)
        }
        return found
      },
    }
    const ledger = {
      execute: vi.fn(async (command: { data: { reservationId: string } }, meta: { now?: Date }) => {
        const found = live.get(command.data.reservationId)
        const due = found && meta.now!.getTime() >= Date.parse(found.expiresAt)
        if (due) {
          live.delete(command.data.reservationId)
          expired.push({ at: meta.now!.getTime(), id: command.data.reservationId })
        }
        return { events: due ? [{}] : [], revision: 0, state: { kind: 'absent' } }
      }),
    }
    expiry = new HoldExpiry(ledger as never, () => projector, timers, (error) => {
      throw error
    })
    return { expired, expiry, ledger, live }
  }

  it('expires each hold this process knows at its expiresAt, once', async () => {
    const { expired, expiry, live } = setUp()
    for (const [id, minutes] of [['a', 10], ['b', 2]] as const) {
      live.set(id, hold(id, minutes))
      expiry.arm(hold(id, minutes))
      expiry.arm(hold(id, minutes))
    }
    await vi.advanceTimersByTimeAsync(2 * 60_000 - 1)
    expect(expired).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(expired).toEqual([{ at: START + 2 * 60_000, id: 'b' }])
    await vi.advanceTimersByTimeAsync(8 * 60_000)
    expect(expired.map(({ id }) => id)).toEqual(['b', 'a'])
    await expiry.stop()
  })

  it('arms nothing without in-process timers, and nothing once stopped', async () => {
    const off = setUp(false)
    off.live.set('a', hold('a', 1))
    off.expiry.arm(hold('a', 1))
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(off.ledger.execute).not.toHaveBeenCalled()

    const stopped = setUp()
    stopped.live.set('a', hold('a', 1))
    stopped.expiry.arm(hold('a', 1))
    await stopped.expiry.stop()
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(stopped.ledger.execute).not.toHaveBeenCalled()
  })
})

describe('the backstop sweep', () => {
  it('sweeps at most every 30 s, whatever the catch-up interval', async () => {
    let sweeps = 0
    const projector = { due: async () => ((sweeps += 1), []), project: async () => null }
    const expiry = new HoldExpiry({ execute: async () => ({ events: [] }) } as never, () => projector, false, () => undefined)
    const at = (seconds: number) => new Date(START + seconds * 1000)
    for (const seconds of [0, 5, 10, 29, 30, 35, 59, 60]) {
      await expiry.backstop(at(seconds))
    }
    expect(sweeps).toBe(3)
    expect(await expiry.sweep(at(61))).toBe(0)
    expect(sweeps).toBe(4)
  })
})
