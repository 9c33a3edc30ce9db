'use client'
import { useEffect, useState } from 'react'

import type { Catalog, CatalogSlugs } from './catalog.js'

import { loadCatalog } from './catalog.js'

export interface CatalogState {
  catalog: Catalog | null
  error: null | string
}

/** The bookable services and resources, loaded once from the host's REST API. */
export const useCatalog = (apiUrl: string, slugs?: CatalogSlugs): CatalogState => {
  const [state, setState] = useState<CatalogState>({ catalog: null, error: null })
  const [resourcesSlug, servicesSlug] = [slugs?.resources, slugs?.services]
  useEffect(() => {
    const controller = new AbortController()
    loadCatalog(apiUrl, { signal: controller.signal, slugs: { resources: resourcesSlug, services: servicesSlug } })
      .then((catalog) => setState({ catalog, error: null }))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) {
          setState({ catalog: null, error: caught instanceof Error ? caught.message : String(caught) })
        }
      })
    return () => controller.abort()
  }, [apiUrl, resourcesSlug, servicesSlug])
  return state
}
