'use client'
import { useCallback, useEffect, useState } from 'react'

import { type SignedInCustomer, signedInCustomer, signInCustomer, signOutCustomer } from './customer-session.js'

export interface CustomerState {
  /** Whether the session was asked yet: until then nobody is known to be signed in or not. */
  checked: boolean
  customer: null | SignedInCustomer
  signIn: (email: string, password: string) => ReturnType<typeof signInCustomer>
  signOut: () => Promise<void>
}

/**
 * The customer signed in on this site (Payload's cookie session of the customers collection,
 * `customers` unless the site renamed it), and signing in and out. A failed look-up counts as
 * nobody signed in: the page still works for guests.
 */
export const useCustomer = (apiUrl: string, slug = 'customers'): CustomerState => {
  const [customer, setCustomer] = useState<null | SignedInCustomer>(null)
  const [checked, setChecked] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    signedInCustomer(apiUrl, slug, controller.signal)
      .catch(() => null)
      .then((found) => {
        if (!controller.signal.aborted) {
          setCustomer(found)
          setChecked(true)
        }
      })
    return () => controller.abort()
  }, [apiUrl, slug])

  const signIn = useCallback(
    async (email: string, password: string) => {
      const result = await signInCustomer(apiUrl, slug, email, password)
      if (result.ok) {
        setCustomer(result.customer)
      }
      return result
    },
    [apiUrl, slug],
  )
  const signOut = useCallback(async () => {
    await signOutCustomer(apiUrl, slug)
    setCustomer(null)
  }, [apiUrl, slug])
  return { checked, customer, signIn, signOut }
}
