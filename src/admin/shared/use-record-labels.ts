'use client'
import { useEffect, useState } from 'react'

import type { CustomerRecord, Page, RecordId } from '../../contract/http.js'

import { customerLabel } from './related.js'
import { useApi } from './use-api.js'

export const recordKey = (collection: string, id: RecordId): string => `${collection}:${id}`

/**
 * Display names of records by id, keyed `collection:id`: one read per collection, for ids that
 * only an event or an answer of the ledger names (an old customer, a resource since renamed
 * away from). A name reads as a customer's would (name, first and last name, email); records the
 * admin may not read stay unnamed.
 */
export const useRecordLabels = (wanted: Record<string, RecordId[]>): Map<string, string> => {
  const api = useApi()
  const [labels, setLabels] = useState(new Map<string, string>())
  const question = JSON.stringify(
    Object.entries(wanted)
      .map(([collection, ids]) => [collection, [...new Set(ids.map(String))].sort()] as const)
      .filter(([, ids]) => ids.length > 0)
      .sort(),
  )

  useEffect(() => {
    const controller = new AbortController()
    const asked = JSON.parse(question) as [string, string[]][]
    void Promise.all(
      asked.map(([collection, ids]) =>
        api
          .get<Page<CustomerRecord>>(
            `/${collection}`,
            { depth: 0, limit: ids.length, where: { id: { in: ids } } },
            controller.signal,
          )
          .then((page) => page.docs.map((record) => [recordKey(collection, record.id), customerLabel(record)] as const))
          .catch(() => []),
      ),
    ).then((entries) => {
      if (!controller.signal.aborted) {
        setLabels(new Map(entries.flat()))
      }
    })
    return () => controller.abort()
  }, [api, question])

  return labels
}
