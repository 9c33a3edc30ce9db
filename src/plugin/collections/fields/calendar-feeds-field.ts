import type { ArrayField } from 'payload'

import { feedUrl } from '../../external-busy/feed-url.js'

/**
 * iCalendar addresses whose events block the resource (a practitioner's private calendar
 * address, a room's booking system). Synced in the background; see the calendar feeds
 * collection for when each last synced.
 */
export const calendarFeedsField: ArrayField = {
  name: 'calendarFeeds',
  type: 'array',
  admin: {
    description: 'iCalendar (.ics) addresses, such as a private calendar address: their events block this resource. Synced in the background.',
  },
  fields: [
    {
      name: 'url',
      type: 'text',
      required: true,
      validate: (value: null | string | undefined) =>
        typeof value === 'string' && feedUrl(value) !== null ? true : 'Enter an http(s) or webcal address',
    },
  ],
  maxRows: 10,
}
