import { describe, it } from 'vitest'

import type { Interval, ResourceEvent } from '../../../src/events/types.js'

import {
  type CapacityState,
  decideCapacity,
  evolveCapacity,
  initialCapacityState,
  type SetCapacityClaim,
} from '../../../src/capacity/capacity-decider.js'
import { deciderSpec } from '../../support/decider-spec.js'

const given = deciderSpec<SetCapacityClaim, ResourceEvent, CapacityState>({
  decide: decideCapacity,
  evolve: evolveCapacity,
  initialState: initialCapacityState,
})

const H = 3_600_000
const at = (fromHour: number, toHour: number, units = 1): Interval => ({ end: toHour * H, start: fromHour * H, units })
const claim = (reservationId: string, intervals: Interval[], quantity = 1): SetCapacityClaim => ({
  data: { intervals, quantity, reservationId },
  type: 'SetCapacityClaim',
})
const claimed = (reservationId: string, intervals: Interval[]): ResourceEvent => ({
  data: { intervals, reservationId },
  type: 'CapacityClaimed',
})

describe('capacity decider', () => {
  it('claims free capacity', () => {
    given().when(claim('a', [at(9, 10)])).then([claimed('a', [at(9, 10)])])
  })

  it('refuses an overlapping claim beyond the quantity', () => {
    given(claimed('a', [at(9, 10)])).when(claim('b', [at(9.5, 10.5)])).thenRejects({ kind: 'conflict' })
  })

  it('fits back-to-back claims: intervals are half-open', () => {
    given(claimed('a', [at(9, 10)])).when(claim('b', [at(10, 11)])).then([claimed('b', [at(10, 11)])])
  })

  it('counts units against the quantity (per-guest capacity)', () => {
    given(claimed('a', [at(9, 10, 5)])).when(claim('b', [at(9, 10, 3)], 8)).then([claimed('b', [at(9, 10, 3)])])
    given(claimed('a', [at(9, 10, 5)])).when(claim('b', [at(9, 10, 4)], 8)).thenRejects({ kind: 'conflict' })
  })

  it('measures the peak, not the sum: two claims that never meet both fit beside a third', () => {
    given(claimed('a', [at(9, 10)]), claimed('b', [at(11, 12)]))
      .when(claim('c', [at(9, 12)], 2))
      .then([claimed('c', [at(9, 12)])])
  })

  it('lets a reservation move within its own claim without counting itself', () => {
    given(claimed('a', [at(9, 10)])).when(claim('a', [at(9.5, 10.5)])).then([claimed('a', [at(9.5, 10.5)])])
  })

  it('releases a held claim, and does nothing for one it does not hold', () => {
    given(claimed('a', [at(9, 10)])).when(claim('a', [])).then([{ data: { reservationId: 'a' }, type: 'CapacityReleased' }])
    given().when(claim('a', [])).then([])
  })

  it('frees the capacity a release gave back', () => {
    given(claimed('a', [at(9, 10)]), { data: { reservationId: 'a' }, type: 'CapacityReleased' })
      .when(claim('b', [at(9, 10)]))
      .then([claimed('b', [at(9, 10)])])
  })
})
