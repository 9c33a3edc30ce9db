import type { ResourceSnapshot } from '../capacity/busy-index.js'
import type { AppendRequest } from '../events/store.js'
import type { EventMetadata, Interval, NewEvent, RecordedEvent, ReservationEvent } from '../events/types.js'
import type { BookReservation, DecisionContext } from './reservation-commands.js'
import type { ReservationState } from './reservation-state.js'

import { checkCapacity } from '../capacity/capacity-decider.js'
import { byStreamName, intervalsByResource, monthClaims } from '../capacity/claims.js'
import { isWrongExpectedRevision, NO_STREAM } from '../events/store.js'
import { CommandRejected, isCommandRejected } from '../events/rejection.js'
import { reservationStream } from '../events/types.js'
import { commitOneByOne } from './commit-one-by-one.js'
import { conflictOn, keyReused, type LedgerDeps, withMetadata } from './decision.js'
import { decideReservation } from './reservation-decider.js'
import { evolveReservation, heldClaims } from './reservation-state.js'

/** One occurrence of a series: its place in the series (0 is the first) and its booking. */
export interface SeriesEntry {
  command: BookReservation
  index: number
}

/** An occurrence the ledger would not book, and why. */
export interface SeriesRefusal {
  index: number
  rejection: CommandRejected
}

/** A series refused whole: every occurrence that could not be booked, in series order. */
export class SeriesRejected extends Error {
  constructor(readonly refusals: SeriesRefusal[]) {
    super(`${refusals.length} occurrence(s) of the series cannot be booked`)
    this.name = 'SeriesRejected'
  }
}

export const isSeriesRejected = (error: unknown): error is SeriesRejected =>
  error instanceof SeriesRejected || (error instanceof Error && error.name === 'SeriesRejected')

export interface SeriesOptions {
  /** As `ExecuteOptions.approve`, asked of each occurrence to be booked before anything is appended. */
  approve?: (next: ReservationState) => Promise<void> | void
  /** Decide and report the refusals, append nothing (a series already refused elsewhere names these too). */
  decideOnly?: boolean
  /** Book the occurrences that can be and report the others; otherwise one refusal refuses the series. */
  partial: boolean
}

/** An occurrence booked: the events appended to its stream and the state they lead to. */
export interface SeriesBooking {
  events: RecordedEvent<ReservationEvent>[]
  index: number
  reservationId: string
  state: ReservationState
}

export interface SeriesOutcome {
  booked: SeriesBooking[]
  refused: SeriesRefusal[]
}

/** Where a series' ledger work reads and writes, beside the command handler's own dependencies. */
export interface SeriesDeps extends LedgerDeps {
  /** The idempotency stream the series must claim, or null (no key, or claimed for this series already). */
  guardOf: (command: BookReservation) => Promise<null | string>
  metadataOf: (reservationId: string) => EventMetadata
  /** Takes back a booked occurrence (compensation where streams are appended one at a time). */
  voidBooking: (reservationId: string, reason: string) => Promise<void>
}

/** A refusal that depends on the occurrence's date: its time is taken, outside the schedule or window, in the past. */
const TIME_PATH = /^(items\.\d+\.)?(startTime|endTime)$/

export const isPerOccurrence = (rejection: CommandRejected): boolean =>
  rejection.kind === 'conflict' || TIME_PATH.test(rejection.path ?? '')

interface Occurrence {
  /** What the occurrence claims in each month stream, in stream-name order. */
  claims: { intervals: Interval[]; resource: string; stream: string }[]
  events: ReservationEvent[]
  index: number
  metadata: EventMetadata
  next: ReservationState
  reservationId: string
}

interface Decided {
  accepted: Occurrence[]
  /** The revision of each month stream the capacity was decided at. */
  heads: Map<string, number>
  refused: SeriesRefusal[]
}

const ABSENT: ReservationState = { kind: 'absent' }

/** The refusal an occurrence gets, or the error that refuses the whole series. */
const perOccurrence = (error: unknown): CommandRejected => {
  if (isCommandRejected(error) && isPerOccurrence(error)) {
    return error
  }
  throw error
}

/**
 * Decides every occurrence as a booking of its own (rules, then capacity at each resource's
 * head), each occurrence's claims counted against the later ones: two occurrences of one
 * series never share capacity they could not hold together.
 */
const decideSeries = async (deps: SeriesDeps, entries: SeriesEntry[], context: DecisionContext): Promise<Decided> => {
  const refused: SeriesRefusal[] = []
  const accepted: Occurrence[] = []
  const snapshots = new Map<string, ResourceSnapshot>()
  const heads = new Map<string, number>()
  const claimed = new Map<string, Interval[]>()
  for (const { command, index } of entries) {
    const reservationId = command.data.reservationId
    try {
      const metadata = deps.metadataOf(reservationId)
      const events = decideReservation(command, ABSENT, deps.policy, context)
      const next = events.reduce<ReservationState>((state, event) => evolveReservation(state, event, metadata), ABSENT)
      const claims = [...intervalsByResource(heldClaims(next, deps.policy.statusMachine))]
        .flatMap(([resource, intervals]) => monthClaims(resource, [], intervals).map(({ final, stream }) => ({ intervals: final, resource, stream })))
        .sort((a, b) => byStreamName(a.stream, b.stream))
      for (const { intervals, resource, stream } of claims) {
        if (!snapshots.has(stream.stream)) {
          const snapshot = await deps.busy.current(stream)
          snapshots.set(stream.stream, snapshot)
          heads.set(stream.stream, snapshot.revision)
        }
        const quantity = await deps.capacityOf(resource)
        try {
          checkCapacity(snapshots.get(stream.stream)!.state, reservationId, intervals, quantity, claimed.get(stream.stream))
        } catch (error) {
          throw conflictOn(error, next, resource)
        }
      }
      for (const { intervals, stream } of claims) {
        claimed.set(stream.stream, [...(claimed.get(stream.stream) ?? []), ...intervals])
      }
      accepted.push({ claims: claims.map(({ intervals, resource, stream }) => ({ intervals, resource, stream: stream.stream })), events, index, metadata, next, reservationId })
    } catch (error) {
      refused.push({ index, rejection: perOccurrence(error) })
    }
  }
  return { accepted, heads, refused }
}

/** The idempotency key's claim, naming the series' first occurrence. */
const guardAppend = (deps: SeriesDeps, guard: string, { data: { reservationId } }: BookReservation): AppendRequest => ({
  events: withMetadata([{ data: { reservationId }, type: 'IdempotencyKeyUsed' }], deps.metadataOf(reservationId)),
  expectedRevision: NO_STREAM,
  stream: guard,
})

/**
 * The whole series in one append where the store allows it: the idempotency guard, each
 * resource stream's claims at the revision its capacity was decided at, each occurrence's
 * `ReservationBooked` on its new stream. A resource that moved fails it and the caller decides again.
 */
const appendTogether = async (
  deps: SeriesDeps,
  { accepted, heads }: Decided,
  guard: AppendRequest | null,
): Promise<SeriesBooking[]> => {
  const claims = new Map<string, NewEvent[]>()
  for (const { claims: held, metadata, reservationId } of accepted) {
    for (const { intervals, stream } of held) {
      const claim: NewEvent = { data: { intervals, reservationId }, metadata, type: 'CapacityClaimed' }
      claims.set(stream, [...(claims.get(stream) ?? []), claim])
    }
  }
  const requests: AppendRequest[] = [
    ...(guard ? [guard] : []),
    ...[...claims].map(([stream, events]) => ({ events, expectedRevision: heads.get(stream)!, stream })),
    ...accepted.map(({ events, metadata, reservationId }) => ({
      events: withMetadata(events, metadata),
      expectedRevision: NO_STREAM,
      stream: reservationStream(reservationId),
    })),
  ]
  const results = await deps.store.appendAtomically!(requests)
  results.forEach((result) => deps.busy.applyCommitted(result.events))
  const booked = results.slice(results.length - accepted.length)
  return accepted.map(({ index, next, reservationId }, i) => ({
    events: booked[i].events as RecordedEvent<ReservationEvent>[],
    index,
    reservationId,
    state: next,
  }))
}

/**
 * Where streams are appended one at a time: the guard first (a key, once appended, stays used),
 * then each occurrence as a booking of its own (`commitOneByOne`). An occurrence refused now (a
 * booking got its time since the decision) is skipped in partial mode; otherwise every occurrence
 * booked before it is voided by a ledger event, releasing its claims, and the series is refused.
 */
const appendOneByOne = async (
  deps: SeriesDeps,
  { accepted }: Decided,
  guard: AppendRequest | null,
  partial: boolean,
): Promise<SeriesOutcome> => {
  if (guard) {
    await deps.store.append(guard).catch((error: unknown) => {
      throw isWrongExpectedRevision(error) ? keyReused() : error
    })
  }
  const booked: SeriesBooking[] = []
  const refused: SeriesRefusal[] = []
  for (const { events, index, metadata, next, reservationId } of accepted) {
    try {
      const recorded = await commitOneByOne(deps, {
        after: next,
        before: ABSENT,
        beyondCapacity: false,
        events,
        fences: [],
        guard: null,
        metadata,
        optimistic: false,
        reservationId,
        revision: NO_STREAM,
      })
      booked.push({ events: recorded, index, reservationId, state: next })
    } catch (error) {
      const own = isCommandRejected(error) && isPerOccurrence(error)
      if (partial && own) {
        refused.push({ index, rejection: error })
        continue
      }
      for (const done of booked) {
        await deps.voidBooking(done.reservationId, 'A later occurrence of its series could not be booked')
      }
      if (own) {
        throw new SeriesRejected([{ index, rejection: error }])
      }
      // Not tried again: the occurrences voided here keep their ids, so a new attempt could not book them.
      throw isWrongExpectedRevision(error) ? new CommandRejected('conflict', 'The series changed concurrently; try again') : error
    }
  }
  return { booked, refused }
}

/**
 * One attempt at booking a series: decide every occurrence, refuse the series when any is refused
 * (unless `partial`), else append the occurrences that can be booked, all in one append where the
 * store allows it.
 */
export const bookSeriesOnce = async (
  deps: SeriesDeps,
  entries: SeriesEntry[],
  context: DecisionContext,
  { approve, decideOnly = false, partial }: SeriesOptions,
): Promise<SeriesOutcome> => {
  // A key used already refuses the series before its times are looked at, as for one booking.
  const key = await deps.guardOf(entries[0].command)
  const guard = key === null ? null : guardAppend(deps, key, entries[0].command)
  const decided = await decideSeries(deps, entries, context)
  if (key !== null && decided.refused.length > 0) {
    // A request with the same key may have booked these times meanwhile: then the key is the refusal.
    await deps.guardOf(entries[0].command)
  }
  if (decideOnly) {
    return { booked: [], refused: decided.refused }
  }
  if (decided.accepted.length === 0 || (!partial && decided.refused.length > 0)) {
    throw new SeriesRejected(decided.refused)
  }
  for (const { next } of decided.accepted) {
    await approve?.(next)
  }
  if (deps.store.appendAtomically) {
    return { booked: await appendTogether(deps, decided, guard), refused: decided.refused }
  }
  const outcome = await appendOneByOne(deps, decided, guard, partial)
  const refused = [...decided.refused, ...outcome.refused].sort((a, b) => a.index - b.index)
  if (outcome.booked.length === 0) {
    throw new SeriesRejected(refused)
  }
  return { booked: outcome.booked, refused }
}
