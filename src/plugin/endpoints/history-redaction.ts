import type { HistoryEvent } from '../http/contract.js'

/** The reservation field staff keep their notes in: read only by privileged staff in the history. */
const NOTES_FIELD = 'notes'

const withoutNotesDeep = (value: unknown): unknown => {
  if (Array.isArray(value)) {
    return value.map(withoutNotesDeep)
  }
  if (!value || typeof value !== 'object') {
    return value
  }
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== NOTES_FIELD)
      .map(([key, entry]) => [key, withoutNotesDeep(entry)]),
  )
}

/**
 * The history as a customer may read it: no staff notes, neither in an event's values (a
 * booking's, a details change's old and new ones, a void's restored snapshot) nor among its
 * changes; a details change that changed only the notes is left out altogether.
 */
export const historyForCustomer = (events: HistoryEvent[]): HistoryEvent[] =>
  events
    .map((event) => ({
      ...event,
      changes: event.changes.filter((change) => change.field !== NOTES_FIELD),
      data: withoutNotesDeep(event.data) as HistoryEvent['data'],
    }))
    .filter((event) => event.type !== 'ReservationDetailsUpdated' || event.changes.length > 0)
