'use client'
import { useEffect, useState } from 'react'

import type { AdminSettings } from '../../contract/http.js'
import type { Page, RecordId, ReservationRecord } from '../../contract/http.js'
import type { QueryValue } from './query-string.js'

import { useApi } from './use-api.js'

/** A calendar page never needs more; beyond it the page says that some are not shown. */
const PAGE_LIMIT = 1000

export interface ReservationsQuery {
  /** Extra `where` conditions, joined with `and`. */
  conditions?: QueryValue[]
  limit?: number
  refreshKey: number
  sort?: string
}

export interface Reservations {
  error: null | string
  reservations: null | ReservationRecord[]
  /** More matched than were loaded. */
  truncated: boolean
}

/** Reservations matching `conditions`, with their relations populated one level deep. */
export const useReservations = (settings: AdminSettings, query: ReservationsQuery): Reservations => {
  const api = useApi()
  const [state, setState] = useState<{ key: string } & Reservations>({
    error: null,
    key: '',
    reservations: null,
    truncated: false,
  })
  const { conditions = [], limit = PAGE_LIMIT, refreshKey, sort = 'startTime' } = query
  const key = JSON.stringify({ conditions, limit, sort })

  useEffect(() => {
    const controller = new AbortController()
    const { conditions: where } = JSON.parse(key) as { conditions: QueryValue[] }
    api
      .get<Page<ReservationRecord>>(
        `/${settings.slugs.reservations}`,
        { depth: 1, limit, sort, where: where.length > 0 ? { and: where } : undefined },
        controller.signal,
      )
      .then((page) =>
        setState({ error: null, key, reservations: page.docs, truncated: page.totalDocs > page.docs.length }),
      )
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) {
          setState({
            error: caught instanceof Error ? caught.message : String(caught),
            key,
            reservations: null,
            truncated: false,
          })
        }
      })
    return () => controller.abort()
  }, [api, key, limit, refreshKey, settings.slugs.reservations, sort])

  // A refresh keeps the previous answer on screen; a different question does not.
  return state.key === key ? state : { error: null, reservations: null, truncated: false }
}

/** Reservations overlapping `[from, to)`. */
export const overlapping = (from: number, to: number): QueryValue[] => [
  { startTime: { less_than: new Date(to).toISOString() } },
  { endTime: { greater_than: new Date(from).toISOString() } },
]

/** Reservations taking a resource, as primary resource or through an item. */
export const takingResource = (resourceId: RecordId): QueryValue => ({
  or: [{ resource: { equals: resourceId } }, { 'items.resource': { equals: resourceId } }],
})
