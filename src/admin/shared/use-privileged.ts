'use client'
import { useAuth } from '@payloadcms/ui'

import type { AdminSettings } from '../../plugin/http/contract.js'

/** Whether the signed-in user is privileged staff, as the server decides it (to offer what only they may use). */
export const usePrivileged = ({ privileged }: AdminSettings): boolean => {
  const { user } = useAuth()
  if (!user || user.collection === privileged.customerCollection) {
    return false
  }
  const value = (user as Record<string, unknown>)[privileged.roleField]
  const roles = typeof value === 'string' ? [value] : Array.isArray(value) ? value : []
  return roles.some((role) => typeof role === 'string' && privileged.roles.includes(role))
}
