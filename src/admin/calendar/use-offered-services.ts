'use client'
import { useEffect, useState } from 'react'

import type { AdminSettings, NamedRecord, Page, ResourceRecord } from '../../contract/http.js'

import { relatedId } from '../shared/related.js'
import { useApi } from '../shared/use-api.js'

export interface OfferedService extends NamedRecord {
  durationType?: 'fixed' | 'flexible' | 'full-day'
}

/** The active services `resource` offers, by name; null while loading or without a resource. */
export const useOfferedServices = (
  settings: AdminSettings,
  resource: null | ResourceRecord,
): { error: null | string; services: null | OfferedService[] } => {
  const api = useApi()
  const ids = (resource?.services ?? []).map(relatedId).filter((id) => id !== null)
  const question = resource === null ? null : ids.join(',')
  const [answer, setAnswer] = useState<{ error: null | string; question: null | string; services: null | OfferedService[] }>({
    error: null,
    question: null,
    services: null,
  })

  useEffect(() => {
    if (question === null) {
      return
    }
    if (question === '') {
      setAnswer({ error: null, question, services: [] })
      return
    }
    const controller = new AbortController()
    api
      .get<Page<OfferedService>>(
        `/${settings.slugs.services}`,
        {
          depth: 0,
          limit: 100,
          sort: 'name',
          where: { and: [{ id: { in: question.split(',') } }, { active: { not_equals: false } }] },
        },
        controller.signal,
      )
      .then((page) => setAnswer({ error: null, question, services: page.docs }))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) {
          setAnswer({ error: caught instanceof Error ? caught.message : String(caught), question, services: null })
        }
      })
    return () => controller.abort()
  }, [api, question, settings.slugs.services])

  return answer.question === question ? answer : { error: null, services: null }
}
