'use client'
import { useConfig } from '@payloadcms/ui'
import { useMemo } from 'react'

import { ReserveApiError } from '../../api-client/reserve-api-error.js'
import { refusalMessage } from '../../contract/refusal-message.js'
import { type QueryValue, toQueryString } from './query-string.js'

export interface Api {
  get<T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<T>
  send<T>(method: 'DELETE' | 'PATCH' | 'POST', path: string, body: unknown): Promise<T>
}

/**
 * JSON requests to Payload's REST API of the collections (`/reservations/<id>`), under the host's
 * API route with the admin's session cookie, so a host that moves `/api` keeps working. A refusal
 * throws a `ReserveApiError`, as the plugin's endpoints' do (`useReserveClient`, `orThrow`).
 */
export const useApi = (): Api => {
  const { config } = useConfig()
  const base = `${config.serverURL ?? ''}${config.routes.api}`
  return useMemo(() => {
    const request = async <T>(path: string, init: RequestInit): Promise<T> => {
      const response = await fetch(`${base}${path}`, { credentials: 'include', ...init })
      const body: unknown = await response.json().catch(() => null)
      if (!response.ok) {
        throw new ReserveApiError(response.status, refusalMessage(body, response.statusText), body)
      }
      return body as T
    }
    return {
      get: (path, query = {}, signal) => request(`${path}${toQueryString(query)}`, { signal }),
      send: (method, path, body) =>
        request(path, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' }, method }),
    }
  }, [base])
}
