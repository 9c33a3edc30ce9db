'use client'
import { useEffect, useState } from 'react'

/** The browser's own time zone; null while rendered on the server, which does not know it. */
export const useVisitorZone = (): null | string => {
  const [zone, setZone] = useState<null | string>(null)
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), [])
  return zone
}
