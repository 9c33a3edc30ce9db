/** `work` every `ms` on an unref'd timer when `enabled`; returns what stops it. */
export const every = (enabled: boolean, ms: number, work: () => unknown): (() => void) => {
  if (!enabled) {
    return () => undefined
  }
  const timer = setInterval(work, ms)
  timer.unref()
  return () => clearInterval(timer)
}
