import { describe, expect, it } from 'vitest'

import { refusalMessage } from '../../../src/contract/refusal-message.js'

describe('refusalMessage', () => {
  it('reads why from each refusal shape: { error }, { message }, and the first field of Payload’s validation error', () => {
    expect(refusalMessage({ error: 'Not allowed' }, 'Forbidden')).toBe('Not allowed')
    expect(refusalMessage({ message: 'That time is taken' }, 'Conflict')).toBe('That time is taken')
    const notice = 'Reservations can only be cancelled or changed at least 24 hours before they start'
    expect(
      refusalMessage(
        {
          errors: [
            {
              data: { errors: [{ message: notice, path: 'status' }, { message: 'Another', path: 'startTime' }] },
              message: 'The following fields are invalid: status, startTime',
              name: 'ValidationError',
            },
          ],
        },
        'Bad Request',
      ),
    ).toBe(notice)
  })

  it('falls back to the error’s own message, then to the fallback', () => {
    expect(refusalMessage({ errors: [{ message: 'You are not allowed to perform this action.' }] }, 'Forbidden')).toBe('You are not allowed to perform this action.')
    expect(refusalMessage({ errors: [] }, 'Bad Request')).toBe('Bad Request')
    expect(refusalMessage('<html>', 'Bad Gateway')).toBe('Bad Gateway')
  })
})
