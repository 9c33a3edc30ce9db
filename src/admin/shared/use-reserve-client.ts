'use client'
import { useConfig } from '@payloadcms/ui'
import { useMemo } from 'react'

import { createReserveClient } from '../../api-client/create-reserve-client.js'
import type { ReserveClient } from '../../api-client/endpoint-types.js'

/**
 * The plugin's endpoints as typed calls, under the host's API route with the admin's session
 * cookie. Results that a caller handles as errors go through `orThrow`.
 */
export const useReserveClient = (): ReserveClient => {
  const { config } = useConfig()
  const baseUrl = `${config.serverURL ?? ''}${config.routes.api}`
  return useMemo(() => createReserveClient({ baseUrl, credentials: 'include' }), [baseUrl])
}
