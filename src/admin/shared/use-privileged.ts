'use client'
import { useAuth } from '@payloadcms/ui'

import type { AdminSettings } from '../../contract/http.js'

import { isPrivileged } from '../../contract/roles/role-rules.js'

/** Whether the signed-in user is privileged staff, by the server's own check (to offer what only they may use). */
export const usePrivileged = ({ roleRules }: AdminSettings): boolean => {
  const { user } = useAuth()
  return isPrivileged(user, roleRules)
}
