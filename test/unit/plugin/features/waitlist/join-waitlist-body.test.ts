import { describe, expect, it } from 'vitest'

import { joinWaitlistBody } from '../../../../../src/plugin/features/waitlist/join-request.js'

const issues = (body: Record<string, unknown>) =>
  joinWaitlistBody.safeParse(body).error?.issues.map((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : `${issue.path.join('.')}: ${issue.message}`))

describe('joinWaitlistBody', () => {
  it('reads instants as UTC, guestCount 1 by default, a guest trimmed without empty fields', () => {
    expect(joinWaitlistBody.parse({ from: '2030-06-04T09:00+02:00', guest: { email: '', name: ' Ann ', phone: null }, service: 1, to: '2030-06-05T09:00:00Z' })).toEqual({
      customer: undefined,
      from: '2030-06-04T07:00:00.000Z',
      guest: { name: 'Ann' },
      guestCount: 1,
      resource: undefined,
      service: 1,
      to: '2030-06-05T09:00:00.000Z',
    })
  })

  it('names every wrong field in order, unknown fields apart', () => {
    expect(issues({ extra: 1, from: '2030-06-04', guest: { name: 7 }, guestCount: 0, to: 'soon' })).toEqual([
      'from: from must be an ISO 8601 date-time with a zone, e.g. 2030-06-04T09:00:00.000Z',
      'to: to must be an ISO 8601 date-time with a zone, e.g. 2030-06-04T09:00:00.000Z',
      'guestCount: guestCount must be a whole number of at least 1',
      'guest.name: guest.name must be text of at most 320 characters',
      ['extra'],
    ])
    expect(issues({ from: '1899-12-31T23:00Z', guest: [], to: '2030-06-05T09:00Z' })).toEqual([
      'from: from must be an ISO 8601 date-time with a zone, e.g. 2030-06-04T09:00:00.000Z',
      'guest: guest must be an object with name, email and phone',
    ])
  })
})
