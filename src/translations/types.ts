import type { en } from './languages/en.js'

/** One language's strings: every key English has, and no other. */
export type ReserveLedgerTranslations = typeof en

export type ReserveLedgerKey = keyof ReserveLedgerTranslations['reserveLedger']
