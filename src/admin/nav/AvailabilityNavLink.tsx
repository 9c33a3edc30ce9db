'use client'
import { useConfig } from '@payloadcms/ui'
import React from 'react'

import { AVAILABILITY_VIEW_PATH } from '../../contract/http.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

/** A link in the admin navigation to the availability overview, styled like Payload's own. */
export const AvailabilityNavLink: React.FC = () => {
  const { t } = useReserveTranslation()
  const {
    config: {
      routes: { admin: adminRoute },
    },
  } = useConfig()
  return (
    <a className="nav__link" href={`${adminRoute}${AVAILABILITY_VIEW_PATH}`} id="nav-reservation-availability">
      <span className="nav__link-label">{t('availabilityOverview')}</span>
    </a>
  )
}
