'use client'
import React from 'react'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { CALENDAR_MODES, type CalendarMode } from './modes.js'

/** One pressed button per calendar mode. */
export const ModeSwitch: React.FC<{ mode: CalendarMode; onMode: (mode: CalendarMode) => void }> = ({
  mode,
  onMode,
}) => {
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
          {t(`mode_${one}`)}
        </button>
      ))}
    </div>
  )
}
