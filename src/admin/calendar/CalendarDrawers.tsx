'use client'
import React, { useMemo } from 'react'

import type { AdminSettings } from '../../contract/http.js'
import type { ReservationDetail } from './calendar-props.js'
import type { CalendarDrawers as Drawers } from './use-calendar-drawers.js'

import { ReservationDetailContext } from '../drawer/reservation-detail-context.js'
import { ReservationDrawer } from '../drawer/ReservationDrawer.js'
import { DETAILS_DRAWER } from './use-calendar-drawers.js'

interface Props {
  detail: ReservationDetail
  drawers: Drawers
  settings: AdminSettings
}

/**
 * The detail of the reservation opened (the plugin's drawer, or the site's replacement, told
 * which reservation by context; none where Payload's form opens instead) and the create form,
 * both refreshing the calendar.
 */
export const CalendarDrawers: React.FC<Props> = ({ detail, drawers, settings }) => {
  const { closeDrawer, CreateDrawer, opened, prefill, refresh } = drawers
  const opens = useMemo(() => ({ drawerSlug: DETAILS_DRAWER, onChanged: refresh, reservationId: opened }), [opened, refresh])
  return (
    <>
      {detail === 'drawer' && <ReservationDrawer {...opens} settings={settings} />}
      {typeof detail === 'object' && (
        <ReservationDetailContext.Provider value={opens}>{detail.replacement}</ReservationDetailContext.Provider>
      )}
      <CreateDrawer
        initialData={prefill}
        onSave={() => {
          closeDrawer()
          refresh()
        }}
        // Stay on the calendar, which shows the new reservation where it was booked.
        redirectAfterCreate={false}
      />
    </>
  )
}
