'use client'
import React from 'react'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { CALENDAR_MODES, type CalendarMode } from './modes.js'

interface Props {
  mode: CalendarMode
  /** On a phone the week shows three days, and its button says so. */
  narrow: boolean
  onMode: (mode: CalendarMode) => void
}

/** One pressed button per calendar mode. */
export const ModeSwitch: React.FC<Props> = ({ mode, narrow, onMode }) => {
  const { t } = useReserveTranslation()
  return (
    <div aria-label={t('viewMode')} className="rl-toolbar__modes" role="group">
      {CALENDAR_MODES.map((one) => (
        <button
          aria-pressed={one === mode}
          className="rl-toolbar__mode"
          data-mode={one}
          key={one}
          onClick={() => onMode(one)}
          type="button"
        >
          {t(narrow && one === 'week' ? 'mode_threeDays' : `mode_${one}`)}
        </button>
      ))}
    </div>
  )
}
