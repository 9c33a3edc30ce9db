'use client'
import { useEffect, useState } from 'react'

import type { AdminSettings } from '../../contract/http.js'
import type { Page, ResourceRecord } from '../../contract/http.js'

import { useApi } from './use-api.js'

/** More lanes than this would not fit a screen; the admin narrows down with the filter instead. */
const MAX_RESOURCES = 100

/** The active resources the admin may read, by name; null while loading. */
export const useResources = (settings: AdminSettings): { error: null | string; resources: null | ResourceRecord[] } => {
  const api = useApi()
  const [resources, setResources] = useState<null | ResourceRecord[]>(null)
  const [error, setError] = useState<null | string>(null)

  useEffect(() => {
    const controller = new AbortController()
    api
      .get<Page<ResourceRecord>>(
        `/${settings.slugs.resources}`,
        { depth: 0, limit: MAX_RESOURCES, sort: 'name', where: { active: { not_equals: false } } },
        controller.signal,
      )
      .then((page) => setResources(page.docs))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) {
          setError(caught instanceof Error ? caught.message : String(caught))
        }
      })
    return () => controller.abort()
  }, [api, settings.slugs.resources])

  return { error, resources }
}
