'use client'
import { DefaultListView, useListDrawerContext } from '@payloadcms/ui'
import React from 'react'

import type { ReservationsCalendarProps } from './calendar-props.js'

import { CalendarPage } from './CalendarPage.js'

/**
 * The reservations collection's list view: a calendar by month, week, day or resource lanes,
 * the queue of pending reservations, and Payload's own table one click away. Opened from a
 * relationship field's drawer it is just the table, which is what picking a document needs.
 */
export const ReservationsCalendar: React.FC<ReservationsCalendarProps> = (props) => {
  const { detail, initialDate, initialMode, initialResource, settings, ...listProps } = props
  const { isInDrawer } = useListDrawerContext()
  if (isInDrawer) {
    return <DefaultListView {...listProps} />
  }
  return <CalendarPage {...props} />
}
