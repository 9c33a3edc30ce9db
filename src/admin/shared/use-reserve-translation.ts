'use client'
import { useTranslation } from '@payloadcms/ui'
import { useCallback } from 'react'

import type { ReserveLedgerKey } from '../../translations/types.js'

import { TRANSLATION_NAMESPACE } from '../../translations/namespace.js'

export type ReserveT = (key: ReserveLedgerKey, vars?: Record<string, number | string>) => string

/**
 * The plugin's strings in the admin's language: `t('today')` reads `reserveLedger:today`.
 * `has` tells whether a key exists, for names that only have a string when they are the
 * stock ones (statuses, event types).
 */
export const useReserveTranslation = (): { has: (key: string) => boolean; language: string; t: ReserveT } => {
  const { i18n } = useTranslation()
  const t = useCallback<ReserveT>(
    (key, vars) =>
      (i18n.t as (key: string, vars?: Record<string, unknown>) => string)(`${TRANSLATION_NAMESPACE}:${key}`, vars),
    [i18n],
  )
  const has = useCallback(
    (key: string) => {
      const strings = (i18n.translations as Record<string, unknown>)[TRANSLATION_NAMESPACE]
      return typeof strings === 'object' && strings !== null && key in strings
    },
    [i18n],
  )
  return { has, language: i18n.language, t }
}
