'use client'
import { useEffect, useState } from 'react'

/** Milliseconds left until `until` (an ISO instant), ticking each second and stopping at zero. */
export const useCountdown = (until: null | string): number => {
  const end = until === null ? null : Date.parse(until)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (end === null) {
      return
    }
    setNow(Date.now())
    const timer = window.setInterval(() => {
      const at = Date.now()
      setNow(at)
      if (at >= end) {
        window.clearInterval(timer)
      }
    }, 1000)
    return () => window.clearInterval(timer)
  }, [end])
  return end === null ? 0 : Math.max(0, end - now)
}
