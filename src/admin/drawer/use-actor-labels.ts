'use client'
import { useConfig } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import type { HistoryEvent } from '../../contract/http.js'

import { useApi } from '../shared/use-api.js'

const keyOf = (collection: string, id: number | string): string => `${collection}:${id}`

/**
 * Display names of the users behind ledger events, keyed `collection:id`: each user's title
 * field (`useAsTitle`), else their email. Users the admin may not read stay unnamed.
 */
export const useActorLabels = (events: HistoryEvent[] | null): Map<string, string> => {
  const api = useApi()
  const { getEntityConfig } = useConfig()
  const [labels, setLabels] = useState(new Map<string, string>())

  useEffect(() => {
    const users = new Map<string, { collection: string; id: number | string }>()
    for (const { actor } of events ?? []) {
      if (actor.kind === 'user') {
        users.set(keyOf(actor.collection, actor.id), actor)
      }
    }
    const controller = new AbortController()
    void Promise.all(
      [...users.entries()].map(async ([key, { collection, id }]) => {
        const titleField = getEntityConfig({ collectionSlug: collection })?.admin?.useAsTitle
        const user = await api
          .get<Record<string, unknown>>(
            `/${collection}/${encodeURIComponent(String(id))}`,
            { depth: 0 },
            controller.signal,
          )
          .catch(() => null)
        const title = user && titleField && titleField !== 'id' ? user[titleField] : null
        const label = typeof title === 'string' && title ? title : typeof user?.email === 'string' ? user.email : null
        return label ? ([key, label] as const) : null
      }),
    ).then((entries) => {
      if (!controller.signal.aborted) {
        setLabels(new Map(entries.filter((entry) => entry !== null)))
      }
    })
    return () => controller.abort()
  }, [api, events, getEntityConfig])

  return labels
}

export const actorKey = keyOf
