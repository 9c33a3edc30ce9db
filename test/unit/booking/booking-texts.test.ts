import { describe, expect, it } from 'vitest'

import { BOOKING_TEXTS, bookingTexts, directionOf, fillIn, pickLocale } from '../../../src/booking/texts/booking-texts.js'
import { type BookingTextKey, en } from '../../../src/booking/texts/en.js'

/** The keys whose English words a language writes alike (German's `Name`); every other text differs. */
const SHARED_WITH_ENGLISH: Record<string, BookingTextKey[]> = { de: ['name'] }

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort()
const keys = Object.keys(en) as BookingTextKey[]
const others = Object.keys(BOOKING_TEXTS).filter((language) => language !== 'en')

describe('the booking kit’s languages', () => {
  it('has the admin’s twelve languages', () => {
    expect(Object.keys(BOOKING_TEXTS).sort()).toEqual(['ar', 'de', 'en', 'es', 'fa', 'fr', 'hi', 'id', 'pl', 'ru', 'tr', 'zh'])
  })

  it.each(others)('%s has each English key and no other', (language) => {
    expect(Object.keys(BOOKING_TEXTS[language]).sort()).toEqual([...keys].sort())
  })

  it.each(others)('%s leaves no English copied over but the words both share', (language) => {
    const texts = BOOKING_TEXTS[language]
    expect(keys.filter((key) => texts[key] === en[key])).toEqual(SHARED_WITH_ENGLISH[language] ?? [])
    expect(keys.filter((key) => texts[key].trim() === '')).toEqual([])
  })

  it.each(others)('%s fills in the same values as English, key by key', (language) => {
    const texts = BOOKING_TEXTS[language]
    expect(keys.filter((key) => placeholders(texts[key]).join() !== placeholders(en[key]).join())).toEqual([])
  })

  it('picks the first language of an Accept-Language header it has, else the fallback', () => {
    expect(pickLocale('pt-PT,de-DE;q=0.8,en;q=0.5')).toBe('de')
    expect(pickLocale('de')).toBe('de')
    expect(pickLocale('fr-FR', 'en')).toBe('fr')
    expect(pickLocale('pt-BR,ar;q=0.9')).toBe('ar')
    expect(pickLocale('pt-BR', 'en')).toBe('en')
    expect(pickLocale(null, 'de')).toBe('de')
    expect(bookingTexts('de-AT').bookNow).toBe('Jetzt buchen')
    expect(bookingTexts('zh-CN').bookNow).toBe('立即预约')
    expect(bookingTexts('pt').bookNow).toBe(en.bookNow)
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
