import type { HistoryEvent } from '../../../contract/http.js'

import { AUDITED_FIELDS } from '../../../projections/audit-trail.js'

/** The reservation field staff keep their notes in: never in a customer's history. */
const NOTES_FIELD = 'notes'

/** Where events keep the site's own fields, whose read access is the site's: never in a customer's history. */
const SITE_FIELDS = 'fields'

const pluginFields = new Set<string>(AUDITED_FIELDS)

/**
 * What a customer's history leaves out beyond the collection's field-level read: the staff
 * notes and every field the site added (by its name among the changes, and the events' `fields`).
 */
export const hiddenFromCustomer = (events: HistoryEvent[]): Set<string> =>
  new Set([
    NOTES_FIELD,
    SITE_FIELDS,
    ...events.flatMap((event) => event.changes.map((change) => change.field).filter((field) => !pluginFields.has(field))),
  ])

const withoutDeep = (value: unknown, hidden: ReadonlySet<string>): unknown => {
  if (Array.isArray(value)) {
    return value.map((entry) => withoutDeep(entry, hidden))
  }
  if (!value || typeof value !== 'object') {
    return value
  }
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !hidden.has(key))
      .map(([key, entry]) => [key, withoutDeep(entry, hidden)]),
  )
}

/**
 * The history without the `hidden` fields of the reservation (those the collection's read
 * hides from the reader, and the staff notes from a customer): neither in an event's values (a
 * booking's, a details change's old and new ones, a void's restored snapshot) nor among its
 * changes; a details change that changed only hidden fields is left out altogether.
 */
export const historyWithout = (events: HistoryEvent[], hidden: ReadonlySet<string>): HistoryEvent[] =>
  events.flatMap((event) => {
    const changes = event.changes.filter((change) => !hidden.has(change.field))
    const onlyHidden = event.type === 'ReservationDetailsUpdated' && event.changes.length > 0 && changes.length === 0
    return onlyHidden ? [] : [{ ...event, changes, data: withoutDeep(event.data, hidden) as HistoryEvent['data'] }]
  })
