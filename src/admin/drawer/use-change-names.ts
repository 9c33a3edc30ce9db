'use client'
import { useMemo } from 'react'

import type { AdminSettings, HistoryEvent, RecordId } from '../../contract/http.js'
import type { ChangeNames } from './describe-changes.js'

import { recordKey, useRecordLabels } from '../shared/use-record-labels.js'

const ids = (values: unknown[]): RecordId[] =>
  values.filter((value): value is RecordId => typeof value === 'string' || typeof value === 'number')

/** The ids of `field` (and of the items' resources, for resources) that the events' changes name. */
const named = (events: HistoryEvent[], field: 'customer' | 'resource' | 'service'): RecordId[] =>
  ids(
    events.flatMap(({ changes }) =>
      changes.flatMap(({ field: changed, from, to }) => {
        if (changed === field) {
          return [from, to]
        }
        const rows = changed === 'items' && field === 'resource' ? [from, to].flatMap((value) => (Array.isArray(value) ? value : [])) : []
        return rows.map((row: unknown) => (row && typeof row === 'object' ? (row as { resource?: unknown }).resource : null))
      }),
    ),
  )

/** Names for the customers, resources and services the history's changes refer to by id. */
export const useChangeNames = (events: HistoryEvent[] | null, settings: AdminSettings): ChangeNames => {
  const { customers, resources, services } = settings.slugs
  const wanted = useMemo(() => {
    const all = events ?? []
    return { [customers]: named(all, 'customer'), [resources]: named(all, 'resource'), [services]: named(all, 'service') }
  }, [customers, events, resources, services])
  const labels = useRecordLabels(wanted)
  return useMemo(() => {
    const name = (collection: string) => (id: RecordId) => labels.get(recordKey(collection, id)) ?? `#${id}`
    return { customer: name(customers), resource: name(resources), service: name(services) }
  }, [customers, labels, resources, services])
}
