/** The q-quantile (0..1) of `samples` by the nearest-rank method; NaN for no samples. */
export const quantile = (samples: readonly number[], q: number): number => {
  if (samples.length === 0) {
    return Number.NaN
  }
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

/** Rounded for reading: two decimals below 10, one below 100, none above. */
export const round = (value: number): number =>
  Number.isFinite(value) ? Number(value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0)) : value
