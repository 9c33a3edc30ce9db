import type { HistoryEvent } from '../http/contract.js'

import { AUDITED_FIELDS } from '../../projections/audit-trail.js'

/** The reservation field staff keep their notes in: read only by privileged staff in the history. */
const NOTES_FIELD = 'notes'

/** Where events keep the site's own fields, whose read access is the site's: staff only in the history. */
const SITE_FIELDS = 'fields'

const STAFF_ONLY = new Set([NOTES_FIELD, SITE_FIELDS])

const withoutStaffOnlyDeep = (value: unknown): unknown => {
  if (Array.isArray(value)) {
    return value.map(withoutStaffOnlyDeep)
  }
  if (!value || typeof value !== 'object') {
    return value
  }
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !STAFF_ONLY.has(key))
      .map(([key, entry]) => [key, withoutStaffOnlyDeep(entry)]),
  )
}

const customerSees = new Set<string>(AUDITED_FIELDS.filter((field) => field !== NOTES_FIELD))

/**
 * The history as a customer may read it: no staff notes and none of the site's own fields
 * (their read access is the site's), neither in an event's values (a booking's, a details
 * change's old and new ones, a void's restored snapshot) nor among its changes; a details
 * change that changed only those is left out altogether.
 */
export const historyForCustomer = (events: HistoryEvent[]): HistoryEvent[] =>
  events
    .map((event) => ({
      ...event,
      changes: event.changes.filter((change) => customerSees.has(change.field)),
      data: withoutStaffOnlyDeep(event.data) as HistoryEvent['data'],
    }))
    .filter((event) => event.type !== 'ReservationDetailsUpdated' || event.changes.length > 0)
