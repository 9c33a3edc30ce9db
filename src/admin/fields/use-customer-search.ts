'use client'
import { useDebounce } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import type { CustomerHit } from '../../contract/http.js'

import { orThrow } from '../../api-client/or-throw.js'
import { useReserveClient } from '../shared/use-reserve-client.js'

/** Typing pauses this long before a search is sent. */
const DEBOUNCE_MS = 250
const PAGE_SIZE = 10

export interface CustomerSearch {
  error: null | string
  hits: CustomerHit[] | null
  /** More customers match than are listed; typing more narrows them down. */
  more: boolean
}

/**
 * Customers matching `text` by name, phone or email, from the customer-search endpoint; only
 * asked while `enabled` (the search box is open).
 */
export const useCustomerSearch = (text: string, enabled: boolean): CustomerSearch => {
  const reserve = useReserveClient()
  const search = useDebounce(text.trim(), DEBOUNCE_MS)
  const [result, setResult] = useState<{ for: null | string } & CustomerSearch>({ error: null, for: null, hits: null, more: false })

  useEffect(() => {
    if (!enabled) {
      return
    }
    const controller = new AbortController()
    reserve
      .searchCustomers({ query: { limit: PAGE_SIZE, search } }, { signal: controller.signal })
      .then(orThrow)
      .then(({ docs, hasNextPage }) => setResult({ error: null, for: search, hits: docs, more: hasNextPage }))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) {
          setResult({ error: caught instanceof Error ? caught.message : String(caught), for: search, hits: null, more: false })
        }
      })
    return () => controller.abort()
  }, [enabled, reserve, search])

  // Hits found for an earlier text are not offered: a quick Enter would pick a customer the
  // text typed since no longer names.
  const { for: answered, ...found } = result
  return answered === text.trim() ? found : { error: null, hits: null, more: false }
}
