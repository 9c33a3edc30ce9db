'use client'
import { Button, useConfig } from '@payloadcms/ui'
import React from 'react'

import { AVAILABILITY_VIEW_PATH } from '../../plugin/http/contract.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { AsOfControl } from './AsOfControl.js'

interface Props {
  /** Shows the calendar as of a past instant; null where it does not apply or the user may not. */
  onAsOf: ((at: number) => void) | null
  onCreate: (() => void) | null
  timezone: string
}

/** What the page does beside moving through dates: look back, the availability overview, a new reservation. */
export const CalendarActions: React.FC<Props> = ({ onAsOf, onCreate, timezone }) => {
  const { t } = useReserveTranslation()
  const { config } = useConfig()
  return (
    <div className="rl-calendar__actions">
      {onAsOf && <AsOfControl onAsOf={onAsOf} timezone={timezone} />}
      <Button
        buttonStyle="secondary"
        el="link"
        margin={false}
        size="small"
        to={`${config.routes.admin}${AVAILABILITY_VIEW_PATH}`}
      >
        {t('availabilityOverview')}
      </Button>
      {onCreate && (
        <Button buttonStyle="primary" icon="plus" margin={false} onClick={onCreate} size="small">
          {t('newReservation')}
        </Button>
      )}
    </div>
  )
}
