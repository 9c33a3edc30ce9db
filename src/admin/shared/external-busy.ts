import type { EpochAvailability } from './capacity.js'
import type { ReserveT } from './use-reserve-translation.js'

/** A stretch of time the resource is busy elsewhere; `label` only for privileged staff. */
export type ExternalSpan = EpochAvailability['external'][number]

/** The time busy elsewhere overlapping `[from, to)`, whole (not clipped), by start. */
export const externalIn = (
  availability: Pick<EpochAvailability, 'external'>,
  from: number,
  to: number,
): ExternalSpan[] =>
  availability.external.filter((range) => range.start < to && range.end > from).sort((a, b) => a.start - b.start)

/** The accessible name of time busy elsewhere: `Busy elsewhere: Team meeting`, or without a label just that. */
export const busyElsewhereName = (labels: (string | undefined)[], t: ReserveT): string => {
  const named = [...new Set(labels.filter((label): label is string => Boolean(label)))]
  return named.length > 0 ? t('busyElsewhereLabel', { label: named.join(', ') }) : t('busyElsewhere')
}
