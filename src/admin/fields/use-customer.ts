'use client'
import { useEffect, useState } from 'react'

import type { AdminSettings } from '../../contract/http.js'
import type { CustomerRecord, RecordId } from '../../contract/http.js'

import { useApi } from '../shared/use-api.js'

/** The customer with id `id`, to show who is chosen; null while loading or when none is. */
export const useCustomer = (settings: AdminSettings, id: null | RecordId): CustomerRecord | null => {
  const api = useApi()
  const [customer, setCustomer] = useState<CustomerRecord | null>(null)

  useEffect(() => {
    if (id === null) {
      return
    }
    const controller = new AbortController()
    api
      .get<CustomerRecord>(
        `/${settings.slugs.customers}/${encodeURIComponent(String(id))}`,
        { depth: 0 },
        controller.signal,
      )
      // Someone the admin may not read is still chosen: they show by id.
      .catch(() => ({ id }))
      .then((loaded) => {
        if (!controller.signal.aborted) {
          setCustomer(loaded)
        }
      })
    return () => controller.abort()
  }, [api, id, settings.slugs.customers])

  return customer !== null && id !== null && String(customer.id) === String(id) ? customer : null
}
