import type { BookReservation, ReservationCommand, ReservationDetailChanges } from '../../../commands/reservation-commands.js'
import type { BookingPlan, Guest, HoldHolder, RelationId } from '../../../events/types.js'
import type { PlanInput } from './booking-plan.js'

import { relationId } from '../../shared/relation-id.js'

/**
 * How a write to the reservations collection becomes ledger commands: pure functions of what
 * the caller sent and the document as stored, specified in
 * test/unit/plugin/features/booking/commands-for-write.test.ts.
 */

type Data = Record<string, unknown>

const SCHEDULE_FIELDS = ['service', 'resource', 'startTime', 'endTime', 'items', 'guestCount'] as const

export const guestOf = (value: unknown): Guest | null => {
  if (!value || typeof value !== 'object') {
    return null
  }
  const { email, name, phone } = value as Record<string, unknown>
  const text = (x: unknown) => (typeof x === 'string' && x.trim() !== '' ? x.trim() : null)
  const guest = { email: text(email), name: text(name), phone: text(phone) }
  return guest.name || guest.email || guest.phone ? guest : null
}

export const textOrNull = (value: unknown): null | string => (typeof value === 'string' && value !== '' ? value : null)

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** A date as ISO text for comparing; what is not a date stays as given (the plan refuses it with a 400). */
const isoOrRaw = (value: unknown): unknown => {
  if (value === undefined || value === null || value === '') {
    return null
  }
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN
  return Number.isFinite(ms) ? new Date(ms).toISOString() : value
}

const normalise = (field: (typeof SCHEDULE_FIELDS)[number], value: unknown): unknown => {
  switch (field) {
    case 'endTime':
    case 'startTime':
      return isoOrRaw(value)
    case 'guestCount':
      return value ?? 1
    case 'items':
      return Array.isArray(value)
        ? value.map((item: Record<string, unknown>) => ({
            endTime: isoOrRaw(item.endTime),
            guestCount: item.guestCount ?? null,
            resource: relationId(item.resource),
            service: relationId(item.service),
            startTime: isoOrRaw(item.startTime),
          }))
        : []
    default:
      return relationId(value)
  }
}

const changed = (data: Data, stored: Data, field: (typeof SCHEDULE_FIELDS)[number]): boolean =>
  field in data && !same(normalise(field, data[field]), normalise(field, stored[field]))

/** The schedule fields (service, resource, times, items, guest count) a write changes. */
export const changedScheduleFields = (data: Data, stored: Data): string[] => SCHEDULE_FIELDS.filter((field) => changed(data, stored, field))

/** The details (notes, customer, guest) a write changes, with their new values. */
export const detailChanges = (data: Data, stored: Data): ReservationDetailChanges => {
  const changes: ReservationDetailChanges = {}
  if ('notes' in data && !same(textOrNull(data.notes), stored.notes)) {
    changes.notes = textOrNull(data.notes)
  }
  if ('customer' in data && !same(relationId(data.customer), relationId(stored.customer))) {
    changes.customer = relationId(data.customer)
  }
  if ('guest' in data && !same(guestOf(data.guest), guestOf(stored.guest))) {
    changes.guest = guestOf(data.guest)
  }
  return changes
}

/**
 * What a new plan is built from when a write moves the reservation (service, resource, times,
 * items or guest count), or null when it does not. A new start or service recomputes the end
 * unless the caller sets a different one explicitly.
 */
export const replanInput = (data: Data, stored: Data): null | PlanInput => {
  if (changedScheduleFields(data, stored).length === 0) {
    return null
  }
  const input: PlanInput = { ...stored, ...data }
  if (!changed(data, stored, 'endTime')) {
    delete input.endTime
    const length = (Date.parse(String(stored.endTime)) - Date.parse(String(stored.startTime))) / 60_000
    if (Number.isInteger(length) && length > 0) {
      input.keptDurationMinutes = length
    }
  }
  return input
}

/**
 * The commands an update becomes, in the order they apply: details, then the move (its
 * `plan`, built from `replanInput`), then the status. None: nothing the ledger records changes.
 */
export const commandsForUpdate = ({
  data,
  plan,
  reservationId,
  skipTransitionValidation,
  stored,
}: {
  data: Data
  plan: BookingPlan | null
  reservationId: string
  skipTransitionValidation: boolean
  stored: Data
}): ReservationCommand[] => {
  const commands: ReservationCommand[] = []
  const changes = detailChanges(data, stored)
  if (Object.keys(changes).length > 0) {
    commands.push({ data: { changes, reservationId }, type: 'UpdateReservationDetails' })
  }
  if (plan) {
    commands.push({ data: { plan, reservationId }, type: 'RescheduleReservation' })
  }
  if (typeof data.status === 'string' && data.status !== stored.status) {
    commands.push({ data: { reservationId, skipTransitionValidation, to: data.status }, type: 'ChangeReservationStatus' })
  }
  return commands
}

/** The booking a create becomes; the guest token's digest is made by the caller, who keeps the token. */
export const commandForCreate = ({
  cancellationTokenHash,
  data,
  defaultStatus,
  plan,
  reservationId,
  seriesId,
  skipTransitionValidation,
  tenant,
  withHold,
}: {
  cancellationTokenHash: null | string
  data: Data
  defaultStatus: string
  plan: BookingPlan
  reservationId: string
  /** An occurrence of a recurring booking: its series. */
  seriesId?: string
  skipTransitionValidation: boolean
  /** Multi-tenant sites: the tenant of the booking's records. */
  tenant?: null | RelationId
  /** The booking turns the hold `reservationId` into the reservation: who asks to. */
  withHold?: HoldHolder
}): BookReservation => ({
  data: {
    cancellationTokenHash,
    customer: relationId(data.customer),
    guest: guestOf(data.guest),
    idempotencyKey: textOrNull(data.idempotencyKey),
    notes: textOrNull(data.notes),
    plan,
    reservationId,
    ...(seriesId ? { seriesId } : {}),
    skipTransitionValidation,
    status: typeof data.status === 'string' ? data.status : defaultStatus,
    ...(tenant === undefined || tenant === null ? {} : { tenant }),
    ...(withHold ? { withHold } : {}),
  },
  type: 'BookReservation',
})
