import { describe, expect, it } from 'vitest'

import { guestProblems, trimmedGuest } from '../../../src/booking/guest-details.js'

const guest = (details: Partial<Record<'email' | 'name' | 'phone', string>>) => ({ email: '', name: '', phone: '', ...details })

describe('a guest’s details, checked as the guest rules check them', () => {
  it('needs a name and an e-mail or a phone', () => {
    expect(guestProblems(guest({}))).toEqual({ email: 'contactRequired', name: 'nameRequired' })
    expect(guestProblems(guest({ name: '  ', phone: '+49 30 1234567' }))).toEqual({ name: 'nameRequired' })
    expect(guestProblems(guest({ name: 'Greta', phone: '+49 30 1234567' }))).toEqual({})
    expect(guestProblems(guest({ email: 'greta@example.com', name: 'Greta' }))).toEqual({})
  })

  it('refuses an e-mail address that Payload’s email field would refuse', () => {
    for (const email of ['greta', 'greta@example', 'gre ta@example.com', 'greta@example..com', '"greta"@example.com']) {
      expect(guestProblems(guest({ email, name: 'Greta' })), email).toEqual({ email: 'emailInvalid' })
    }
    expect(guestProblems(guest({ email: 'greta.gast+book@mail.example.co.uk', name: 'Greta' }))).toEqual({})
  })

  it('sends the details trimmed, the empty ones left out', () => {
    expect(trimmedGuest(guest({ email: ' greta@example.com ', name: ' Greta Gast ' }))).toEqual({ email: 'greta@example.com', name: 'Greta Gast' })
  })
})
