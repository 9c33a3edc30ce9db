'use client'
import React from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'
import type { CalendarDrawers as Drawers } from './use-calendar-drawers.js'

import { ReservationDrawer } from '../drawer/ReservationDrawer.js'
import { DETAILS_DRAWER } from './use-calendar-drawers.js'

/** The details drawer of the reservation opened and the create form, both refreshing the calendar. */
export const CalendarDrawers: React.FC<{ drawers: Drawers; settings: AdminSettings }> = ({ drawers, settings }) => {
  const { closeDrawer, CreateDrawer, opened, prefill, refresh } = drawers
  return (
    <>
      <ReservationDrawer drawerSlug={DETAILS_DRAWER} onChanged={refresh} reservationId={opened} settings={settings} />
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
