import { describe, expect, it } from 'vitest'

import { BOOKING_TEXTS, bookingTexts, directionOf, fillIn, pickLocale } from '../../../src/booking/texts/booking-texts.js'
import { en } from '../../../src/booking/texts/en.js'

describe('the booking kit’s languages', () => {
  it('every language has each English key, filled in (no English copied over but the words both share)', () => {
    for (const [language, texts] of Object.entries(BOOKING_TEXTS)) {
      expect(Object.keys(texts).sort(), language).toEqual(Object.keys(en).sort())
      if (language !== 'en') {
        const same = Object.keys(en).filter((key) => texts[key as keyof typeof en] === en[key as keyof typeof en])
        expect(same, language).toEqual(['name'])
      }
    }
  })

  it('picks the first language of an Accept-Language header it has, else the fallback', () => {
    expect(pickLocale('fr-FR,de-DE;q=0.8,en;q=0.5')).toBe('de')
    expect(pickLocale('de')).toBe('de')
    expect(pickLocale('fr-FR', 'en')).toBe('en')
    expect(pickLocale(null, 'de')).toBe('de')
    expect(bookingTexts('de-AT').bookNow).toBe('Jetzt buchen')
    expect(bookingTexts('ar').bookNow).toBe(en.bookNow)
  })

  it('writes Arabic and Persian right to left', () => {
    expect(directionOf('ar')).toBe('rtl')
    expect(directionOf('fa-IR')).toBe('rtl')
    expect(directionOf('de')).toBe('ltr')
  })

  it('fills in named values and leaves unknown ones', () => {
    expect(fillIn('{service} with {resource}', { resource: 'Anna', service: 'Consultation' })).toBe('Consultation with Anna')
    expect(fillIn('{missing}', {})).toBe('{missing}')
  })
})
