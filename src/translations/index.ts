import type { ReserveLedgerTranslations } from './types.js'

import { ar } from './languages/ar.js'
import { de } from './languages/de.js'
import { en } from './languages/en.js'
import { es } from './languages/es.js'
import { fa } from './languages/fa.js'
import { fr } from './languages/fr.js'
import { hi } from './languages/hi.js'
import { id } from './languages/id.js'
import { pl } from './languages/pl.js'
import { ru } from './languages/ru.js'
import { tr } from './languages/tr.js'
import { zh } from './languages/zh.js'

/** The admin UI's strings in every language the plugin ships, keyed by Payload language code. */
export const translations = { ar, de, en, es, fa, fr, hi, id, pl, ru, tr, zh } satisfies Record<
  string,
  ReserveLedgerTranslations
>

export type ShippedLanguage = keyof typeof translations

export { TRANSLATION_NAMESPACE } from './namespace.js'
export type { ReserveLedgerKey, ReserveLedgerTranslations } from './types.js'
