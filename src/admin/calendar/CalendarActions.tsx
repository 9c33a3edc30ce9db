'use client'
import { Button, useConfig } from '@payloadcms/ui'
import React from 'react'

import { AVAILABILITY_VIEW_PATH } from '../../contract/http.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { AsOfControl } from './AsOfControl.js'

interface Props {
  /** Shows the calendar as of a past instant; null where it does not apply or the user may not. */
  onAsOf: ((at: number) => void) | null
  onCreate: (() => void) | null
  /** Shows or hides the waitlist beside the calendar; null where the user may not see it. */
  onWaitlist: (() => void) | null
  timezone: string
  waitlistOpen: boolean
}

/** What the page does beside moving through dates: look back, the waitlist, the availability overview, a new reservation. */
export const CalendarActions: React.FC<Props> = ({ onAsOf, onCreate, onWaitlist, timezone, waitlistOpen }) => {
  const { t } = useReserveTranslation()
  const { config } = useConfig()
  return (
    <div className="rl-calendar__actions">
      {onAsOf && <AsOfControl onAsOf={onAsOf} timezone={timezone} />}
      {onWaitlist && (
        <Button
          buttonStyle="secondary"
          extraButtonProps={{ 'aria-pressed': waitlistOpen }}
          margin={false}
          onClick={onWaitlist}
          size="small"
        >
          {t('waitlist')}
        </Button>
      )}
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
