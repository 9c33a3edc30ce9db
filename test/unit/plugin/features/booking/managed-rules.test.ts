import { describe, expect, it } from 'vitest'

import type { ServiceRecord } from '../../../../../src/plugin/shared/reference-data/records.js'

import { DEFAULT_STATUS_MACHINE } from '../../../../../src/commands/status-machine.js'
import { managedRules } from '../../../../../src/plugin/features/booking/managed-rules.js'

const HOUR = 3_600_000
const NOW = Date.parse('2030-05-01T12:00:00.000Z')
const OPTIONS = {
  bookingWindow: { maxAdvanceDays: 30, minNoticeMinutes: 60 },
  cancellationNoticePeriod: 24,
  cancelledStatus: 'cancelled',
  statusMachine: DEFAULT_STATUS_MACHINE,
}
const SERVICE = { maxAdvanceDays: null, minNoticeMinutes: null } as ServiceRecord

const at = (hoursFromNow: number) => new Date(NOW + hoursFromNow * HOUR).toISOString()

describe('what a guest may still do with their booking', () => {
  it('cancel and move until the notice period begins, a new start within the booking window', () => {
    expect(managedRules({ startTime: at(48), status: 'pending' }, SERVICE, OPTIONS, { now: NOW, privileged: false })).toEqual({
      cancel: true,
      changeUntil: at(24),
      earliestStart: at(1),
      latestStart: at(30 * 24),
      noticePeriodHours: 24,
      reschedule: true,
    })
    // The last instant is still allowed, as the ledger's notice check allows it.
    expect(managedRules({ startTime: at(24), status: 'confirmed' }, SERVICE, OPTIONS, { now: NOW, privileged: false })).toMatchObject({ cancel: true, reschedule: true })
    expect(managedRules({ startTime: at(23.9), status: 'confirmed' }, SERVICE, OPTIONS, { now: NOW, privileged: false })).toMatchObject({ cancel: false, reschedule: false })
  })

  it('nothing once the status is terminal; privileged staff are exempt from the notice period and the window', () => {
    for (const status of ['cancelled', 'completed', 'no-show']) {
      expect(managedRules({ startTime: at(48), status }, SERVICE, OPTIONS, { now: NOW, privileged: false }), status).toMatchObject({ cancel: false, reschedule: false })
    }
    expect(managedRules({ startTime: at(1), status: 'pending' }, SERVICE, OPTIONS, { now: NOW, privileged: true })).toEqual({
      cancel: true,
      changeUntil: null,
      earliestStart: null,
      latestStart: null,
      noticePeriodHours: 24,
      reschedule: true,
    })
  })

  it('cancels only where the status machine leads to the cancelled status; a window without limit has no latest start', () => {
    const machine = { ...DEFAULT_STATUS_MACHINE, transitions: { ...DEFAULT_STATUS_MACHINE.transitions, confirmed: ['completed'] } }
    const options = { ...OPTIONS, bookingWindow: { maxAdvanceDays: null, minNoticeMinutes: 0 }, statusMachine: machine }
    expect(managedRules({ startTime: at(48), status: 'confirmed' }, SERVICE, options, { now: NOW, privileged: false })).toMatchObject({
      cancel: false,
      earliestStart: at(0),
      latestStart: null,
      reschedule: true,
    })
  })
})
