'use client'
import { useEffect, useState } from 'react'

import type { RecordId } from '../../contract/http.js'

import { orThrow } from '../../api-client/or-throw.js'
import { type EpochAvailability, toEpochAvailability } from './capacity.js'
import { useReserveClient } from './use-reserve-client.js'

/**
 * The resource-availability of each resource over `[from, to)`, keyed by resource id; null
 * until all have answered. `refreshKey` asks again (after a booking or a status change).
 * A resource whose answer failed is missing from the map and shades as unknown.
 */
export const useAvailability = (
  resourceIds: RecordId[],
  from: number,
  to: number,
  refreshKey: number,
): Map<string, EpochAvailability> | null => {
  const reserve = useReserveClient()
  const ids = resourceIds.map(String).join(',')
  // Answers are kept with the question they answer, so a new range never shows the old one's,
  // while a refresh of the same range keeps showing the previous answer until the new one is in.
  const question = `${ids}|${from}|${to}`
  const [answer, setAnswer] = useState<{ availability: Map<string, EpochAvailability>; question: string } | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    const start = new Date(from).toISOString()
    const end = new Date(to).toISOString()
    void Promise.all(
      (ids ? ids.split(',') : []).map((resource) =>
        reserve
          .getResourceAvailability({ query: { end, resource, start } }, { signal: controller.signal })
          .then(orThrow)
          .then((response) => [resource, toEpochAvailability(response)] as const)
          .catch(() => null),
      ),
    ).then((entries) => {
      if (!controller.signal.aborted) {
        setAnswer({ availability: new Map(entries.filter((entry) => entry !== null)), question })
      }
    })
    return () => controller.abort()
  }, [from, ids, question, refreshKey, reserve, to])

  return answer?.question === question ? answer.availability : null
}
