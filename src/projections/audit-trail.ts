import type { RecordedEvent, ReservationEvent } from '../events/types.js'

import {
  evolveReservation,
  initialReservationState,
  previousDetails,
  previousSchedule,
  type Reservation,
  type ReservationState,
} from '../commands/reservation-state.js'

/** The fields of a reservation the audit trail tells old and new values of. */
export const AUDITED_FIELDS = [
  'startTime',
  'endTime',
  'resource',
  'service',
  'guestCount',
  'items',
  'customer',
  'guest',
  'notes',
  'status',
] as const

export type AuditedField = (typeof AUDITED_FIELDS)[number]

/** One field an event changed: its value before the event and after it (null where unset). A field the site added reads by its name. */
export interface FieldChange {
  field: AuditedField | (string & {})
  from: unknown
  to: unknown
}

/** An event as the audit trail tells it: old values filled in where it was written without them. */
export interface AuditEntry {
  changes: FieldChange[]
  event: RecordedEvent<ReservationEvent>
}

const SCHEDULE_FIELDS: AuditedField[] = ['startTime', 'endTime', 'resource', 'service', 'guestCount', 'items']

/** The fields an event may change, and the old values it recorded itself. */
const touched = (event: ReservationEvent): { fields: AuditedField[]; recorded: Partial<Record<AuditedField, unknown>> } => {
  switch (event.type) {
    case 'ReservationDetailsUpdated':
      return {
        fields: AUDITED_FIELDS.filter((field) => field in event.data.changes),
        recorded: event.data.previous ?? {},
      }
    case 'ReservationRescheduled':
      return { fields: SCHEDULE_FIELDS, recorded: event.data.previous ?? {} }
    case 'ReservationStatusChanged':
      return { fields: ['status'], recorded: { status: event.data.from } }
    case 'ReservationWriteVoided':
      // A void takes a write back: whatever that write changed is changed back.
      return { fields: event.data.restores ? [...AUDITED_FIELDS] : [], recorded: {} }
    default:
      return { fields: [], recorded: {} }
  }
}

const reservationOf = (state: ReservationState): null | Reservation =>
  state.kind === 'active' || state.kind === 'deleted' ? state.reservation : null

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * What an event changed, field by field: the old value as the event recorded it (else as the
 * stream folded to before it), the new one as the stream folds to after it. Unchanged fields
 * are left out.
 */
export const changesOf = (before: ReservationState, event: ReservationEvent, after: ReservationState): FieldChange[] => {
  const [old, next] = [reservationOf(before), reservationOf(after)]
  if (!old || !next) {
    return []
  }
  const { fields, recorded } = touched(event)
  const own = fields.map((field) => ({ field, from: (field in recorded ? recorded[field] : old[field]) ?? null, to: next[field] ?? null }))
  return [...own, ...siteChanges(event, old, next)].filter(({ from, to }) => !same(from, to))
}

/** The site's fields an event changed: those a details change names, or any a void changed back. */
const siteChanges = (event: ReservationEvent, old: Reservation, next: Reservation): FieldChange[] => {
  const recorded = event.type === 'ReservationDetailsUpdated' ? (event.data.previous?.fields ?? {}) : {}
  const names =
    event.type === 'ReservationDetailsUpdated'
      ? Object.keys(event.data.changes.fields ?? {})
      : event.type === 'ReservationWriteVoided'
        ? [...new Set([...Object.keys(old.fields ?? {}), ...Object.keys(next.fields ?? {})])]
        : []
  return names.map((field) => ({
    field,
    from: (field in recorded ? recorded[field] : old.fields?.[field]) ?? null,
    to: next.fields?.[field] ?? null,
  }))
}

/** A change of details or schedule written by an older version, with the old values the fold tells. */
const withPrevious = (event: RecordedEvent<ReservationEvent>, before: ReservationState): RecordedEvent<ReservationEvent> => {
  if (before.kind !== 'active') {
    return event
  }
  if (event.type === 'ReservationDetailsUpdated' && !event.data.previous) {
    return { ...event, data: { ...event.data, previous: previousDetails(before.reservation, event.data.changes) } }
  }
  if (event.type === 'ReservationRescheduled' && !event.data.previous) {
    return { ...event, data: { ...event.data, previous: previousSchedule(before.reservation) } }
  }
  return event
}

/** A reservation's stream as the audit trail tells it, oldest first: each event with what it changed. */
export const auditTrail = (events: RecordedEvent<ReservationEvent>[]): AuditEntry[] => {
  let state = initialReservationState()
  return events.map((event) => {
    const before = state
    state = evolveReservation(state, event, event.metadata)
    return { changes: changesOf(before, event, state), event: withPrevious(event, before) }
  })
}
