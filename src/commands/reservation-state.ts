import type {
  BookingPlan,
  ReservationHeld,
  RecordedEvent,
  ReservationDetails,
  ReservationEvent,
  ReservationSnapshot,
  RestoredSnapshot,
  ScheduleFields,
  SiteFields,
} from '../events/types.js'
import type { StatusMachine } from '../contract/status-machine.js'

/** A reservation as its stream tells it. */
export type Reservation = ReservationSnapshot

/** A hold as its stream tells it: the plan it claims, until when, and for whom. */
export type Hold = ReservationHeld['data']

export type ReservationState =
  /** Never booked: recovery fenced a booking that never landed, or its write was voided. */
  | { kind: 'abandoned' }
  | { kind: 'absent' }
  | { kind: 'active'; reservation: Reservation }
  | { kind: 'deleted'; reservation: Reservation }
  /** Capacity held while a customer checks out (`ReservationHeld`), not yet booked, expired or released. */
  | { hold: Hold; kind: 'held' }

export const initialReservationState = (): ReservationState => ({ kind: 'absent' })

type EventOf<T extends ReservationEvent['type']> = Extract<ReservationEvent, { type: T }>

const booked = ({ data }: EventOf<'ReservationBooked'>, at: string): ReservationState => {
  const { reservationId, ...plan } = data
  return {
    kind: 'active',
    reservation: {
      cancellationTokenHash: plan.cancellationTokenHash ?? null,
      claims: plan.claims,
      createdAt: at,
      customer: plan.customer ?? null,
      endTime: plan.endTime,
      ...(hasSiteFields(plan.fields) ? { fields: plan.fields } : {}),
      guest: plan.guest ?? null,
      guestCount: plan.guestCount,
      id: reservationId,
      idempotencyKey: plan.idempotencyKey ?? null,
      items: plan.items,
      notes: plan.notes ?? null,
      resource: plan.resource,
      ...(plan.seriesId === undefined || plan.seriesId === null ? {} : { seriesId: plan.seriesId }),
      service: plan.service,
      startTime: plan.startTime,
      status: plan.status,
      ...(plan.tenant === undefined || plan.tenant === null ? {} : { tenant: plan.tenant }),
      updatedAt: at,
    },
  }
}

const hasSiteFields = (fields: SiteFields | undefined): fields is SiteFields => fields !== undefined && Object.keys(fields).length > 0

/** A details change folded in: the site's fields it names replace those values, the others stay. */
const detailsUpdated = (state: ReservationState, { data }: EventOf<'ReservationDetailsUpdated'>, at: string): ReservationState => {
  const { fields, ...changes } = data.changes
  if (!fields || state.kind !== 'active') {
    return amended(state, changes, at)
  }
  return amended(state, { ...changes, fields: { ...state.reservation.fields, ...fields } }, at)
}

/** An active reservation with some fields replaced; any other state stays as it is. */
const amended = (state: ReservationState, fields: Partial<Reservation>, at: string): ReservationState =>
  state.kind === 'active' ? { kind: 'active', reservation: { ...state.reservation, ...fields, updatedAt: at } } : state

/** A reservation from before its ledger: booked as the document was, with the document's own time stamps. */
const adopted = ({ data }: EventOf<'ReservationAdopted'>): ReservationState => {
  const { collection: _collection, createdAt, overCapacity: _overCapacity, updatedAt, ...booking } = data
  const state = booked({ data: booking, type: 'ReservationBooked' }, createdAt)
  return amended(state, {}, updatedAt)
}

const writeVoided = (state: ReservationState, { data }: EventOf<'ReservationWriteVoided'>): ReservationState => {
  if (!data.restores) {
    return { kind: 'abandoned' }
  }
  // A token never changes: the digest is the one the stream was booked with. Voids written
  // by older versions still carry it in `restores` (the same value); it is read only if the
  // state has none.
  const { cancellationTokenHash: written, ...restored } = data.restores as RestoredSnapshot & {
    cancellationTokenHash?: null | string
  }
  const before = state.kind === 'active' || state.kind === 'deleted' ? state.reservation : undefined
  const kept = before?.cancellationTokenHash
  // The tenant never changes either: voids written before tenancy existed carry none.
  const tenant = before?.tenant ?? restored.tenant
  return {
    kind: 'active',
    reservation: { ...restored, cancellationTokenHash: kept ?? written ?? null, ...(tenant === undefined || tenant === null ? {} : { tenant }) },
  }
}

/** Folds one event into the state; `at` is the event's decision time (for createdAt/updatedAt). */
export const evolveReservation = (
  state: ReservationState,
  event: ReservationEvent,
  { at }: { at: string },
): ReservationState => {
  switch (event.type) {
    // An ended hold was never booked: like a booking that never landed, its stream takes no other.
    case 'HoldExpired':
    case 'HoldReleased':
      return state.kind === 'held' ? { kind: 'abandoned' } : state
    case 'ReservationHeld':
      return { hold: event.data, kind: 'held' }
    case 'ReservationAbandoned':
      return { kind: 'abandoned' }
    case 'ReservationAdopted':
      return adopted(event)
    case 'ReservationBooked':
      return booked(event, at)
    case 'ReservationClaimsReconciled':
      return state
    case 'ReservationDeleted':
      return state.kind === 'active' ? { kind: 'deleted', reservation: state.reservation } : state
    case 'ReservationDetailsUpdated':
      return detailsUpdated(state, event, at)
    case 'ReservationRescheduled': {
      const { previous: _previous, reservationId: _id, ...plan } = event.data
      return amended(state, plan, at)
    }
    case 'ReservationStatusChanged':
      return amended(state, { status: event.data.to }, at)
    case 'ReservationWriteVoided':
      return writeVoided(state, event)
  }
}

/** A reservation's state from its recorded stream. */
export const foldReservation = (events: RecordedEvent<ReservationEvent>[]): ReservationState =>
  events.reduce((state, event) => evolveReservation(state, event, event.metadata), initialReservationState())

/** What the fields `changes` names were in `reservation` (null where unset): a details event's `previous`. */
export const previousDetails = (reservation: Reservation, changes: ReservationDetails): ReservationDetails =>
  Object.fromEntries(
    Object.entries(changes).map(([key, value]) =>
      key === 'fields'
        ? [key, Object.fromEntries(Object.keys(value as SiteFields).map((name) => [name, reservation.fields?.[name] ?? null]))]
        : [key, reservation[key as keyof ReservationDetails] ?? null],
    ),
  ) as ReservationDetails

/** A reservation's schedule: a move's `previous`. */
export const previousSchedule = ({ endTime, guestCount, items, resource, service, startTime }: Reservation): ScheduleFields => ({
  endTime,
  guestCount,
  items,
  resource,
  service,
  startTime,
})

/** Revisions whose events a later `ReservationWriteVoided` took back: they fire no host hook. */
export const voidedRevisions = (events: RecordedEvent<ReservationEvent>[]): Set<number> => {
  const voided = new Set<number>()
  for (const event of events) {
    if (event.type === 'ReservationWriteVoided') {
      for (let revision = event.data.voidsFrom; revision <= event.revision; revision++) {
        voided.add(revision)
      }
    }
  }
  return voided
}

/** The capacity a reservation holds in a state: its claims while its status blocks, a hold's until it ends, else none. */
export const heldClaims = (state: ReservationState, machine: StatusMachine): BookingPlan['claims'] => {
  if (state.kind === 'held') {
    return state.hold.claims
  }
  return state.kind === 'active' && machine.blockingStatuses.includes(state.reservation.status) ? state.reservation.claims : []
}
