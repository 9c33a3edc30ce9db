'use client'
import { Button } from '@payloadcms/ui'
import React from 'react'

import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

interface Props {
  at: number
  onNow: () => void
  timezone: string
}

/** Says plainly that the calendar shows the past and cannot be changed there, with the way back to now. */
export const AsOfBanner: React.FC<Props> = ({ at, onNow, timezone }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(timezone)
  return (
    <div className="rl-as-of-banner" data-as-of={new Date(at).toISOString()} role="status">
      <span className="rl-as-of-banner__text">{t('asOfBanner', { when: format.dateTime(at) })}</span>
      <Button buttonStyle="secondary" margin={false} onClick={onNow} size="small">
        {t('asOfBack')}
      </Button>
    </div>
  )
}
