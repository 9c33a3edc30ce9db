import type { ArrayField } from 'payload'

import { feedUrl } from '../outbound-url.js'
import { label } from '../labels.js'

/**
 * iCalendar addresses whose events block the resource (a practitioner's private calendar
 * address, a room's booking system). Synced in the background; see the calendar feeds
 * collection for when each last synced.
 */
export const calendarFeedsField: ArrayField = {
  name: 'calendarFeeds',
  type: 'array',
  admin: {
    description: label('desc_calendarFeeds'),
  },
  fields: [
    {
      name: 'url',
      type: 'text',
      label: label('field_url'),
      required: true,
      validate: (value: null | string | undefined) =>
        typeof value === 'string' && feedUrl(value) !== null ? true : 'Enter an http(s) or webcal address',
    },
  ],
  label: label('field_calendarFeeds'),
  labels: { plural: label('field_calendarFeeds'), singular: label('row_calendarFeed') },
  maxRows: 10,
}
