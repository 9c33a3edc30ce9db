import type { AdminViewServerProps } from 'payload'

import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter } from '@payloadcms/ui'
import { redirect } from 'next/navigation.js'
import React from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { AVAILABILITY_VIEW_PATH } from '../../contract/http.js'
import { todayIn } from '../shared/calendar-dates.js'
import { validDate } from '../shared/valid-date.js'
import { AvailabilityOverview } from './AvailabilityOverview.js'

type Props = AdminViewServerProps & { settings: AdminSettings }

/**
 * The page at `/admin/reservation-availability`. Payload renders custom views bare and treats
 * them as public, so this adds the admin's frame (navigation, header) and sends visitors who
 * are not logged in to the login page first. `?date=` picks the first day shown.
 */
export const AvailabilityOverviewView: React.FC<Props> = ({ initPageResult, params, searchParams, settings }) => {
  const { locale, permissions, req, visibleEntities } = initPageResult
  const { i18n, payload, user } = req
  const adminRoute = payload.config.routes.admin
  if (!user) {
    redirect(`${adminRoute}/login?redirect=${encodeURIComponent(`${adminRoute}${AVAILABILITY_VIEW_PATH}`)}`)
  }
  return (
    <DefaultTemplate
      i18n={i18n}
      locale={locale}
      params={params}
      payload={payload}
      permissions={permissions}
      searchParams={searchParams}
      user={user}
      visibleEntities={visibleEntities}
    >
      <Gutter>
        <AvailabilityOverview
          initialDate={validDate(searchParams?.date) ?? todayIn(settings.timezone)}
          settings={settings}
        />
      </Gutter>
    </DefaultTemplate>
  )
}
