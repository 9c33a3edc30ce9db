'use client'
import React from 'react'

import type { SeriesPreviewState } from './use-series-preview.js'

import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

interface Props {
  /** Occurrences found free, once the preview answered the latest choice. */
  free: null | number
  preview: SeriesPreviewState
  timezone: string
}

/** The occurrences of the series as the ledger would decide them now: each free, taken, or refused and why. */
export const SeriesOccurrences: React.FC<Props> = ({ free, preview, timezone }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(timezone)
  const { error, occurrences } = preview
  if (error !== null) {
    return (
      <p className="rl-quick__error" role="alert">
        {error}
      </p>
    )
  }
  return (
    <div className="rl-repeats__preview" data-loading={free === null ? 'true' : undefined}>
      <p aria-live="polite" className="rl-repeats__summary">
        {free === null || occurrences === null ? t('repeatsChecking') : t('repeatsFree', { free, total: occurrences.length })}
      </p>
      {occurrences !== null && (
        <ol className="rl-repeats__list">
          {occurrences.map((occurrence) => (
            <li
              className="rl-repeats__occurrence"
              data-free={occurrence.free ? 'true' : 'false'}
              data-start={occurrence.startTime}
              key={occurrence.index}
              title={occurrence.free ? undefined : occurrence.message}
            >
              <time dateTime={occurrence.startTime}>{format.weekdayTime(occurrence.startTime)}</time>
              {!occurrence.free && (
                <span className="rl-repeats__refused">{occurrence.taken ? t('repeatsTaken') : t('repeatsRefused')}</span>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
