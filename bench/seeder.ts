import type { CollectionSlug, Payload } from 'payload'

import { createHash, randomBytes } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'

import type { AppendRequest, AppendResult, EventStore } from '../src/events/store.js'
import type { EventMetadata, RecordedEvent, ReservationEvent, ResourceEvent } from '../src/events/types.js'
import type { ReservationPolicy } from '../src/commands/reservation-commands.js'
import type { BenchScenario } from './scenario.js'

import { type CapacityState, decideCapacity, evolveCapacity, initialCapacityState } from '../src/capacity/capacity-decider.js'
import { foldReservation, initialReservationState } from '../src/commands/reservation-state.js'
import { decideReservation } from '../src/commands/reservation-decider.js'
import { bulkLoadPayloadEvents } from '../src/events/adapters/payload.js'
import { chainHash, sealMetadata } from '../src/events/hash-chain/event-hash.js'
import { NO_STREAM } from '../src/events/store.js'
import { capacityStreams, intervalsIn } from '../src/events/capacity-streams.js'
import { EVENT_SCHEMA_VERSION, reservationStream } from '../src/events/types.js'
import { ledgerServices } from '../src/plugin/runtime.js'
import { reservationDocument } from '../src/projections/reservation-document.js'
import { insertReservationDocuments } from './reservation-rows.js'
import { RESOURCE_QUANTITY } from './scenario.js'
import { SeedPlanner } from './seed-plan.js'

/** Reservations decided and written together: 2 events and 1 document each. */
const BATCH = 5_000
/** The seeded history is dated over this span before the run, oldest first. */
const HISTORY_MS = 40 * 86_400_000

const ACTOR = { kind: 'system', name: 'bench-seed' } as const

interface ResourceHead {
  /** The hash chain's head: the last event's hash. */
  hash: null | string
  revision: number
  state: CapacityState
}

type UnsealedEvent = AppendRequest['events'][number]

/** Events as the hash-chained store appends them after `previousHash`: each carries its hash and its predecessor's. */
const sealed = (stream: string, expectedRevision: number, events: UnsealedEvent[], previousHash: null | string): { events: UnsealedEvent[]; hash: null | string } => {
  let hash = previousHash
  const chained = events.map((event, index) => {
    const metadata = sealMetadata({ ...event, revision: expectedRevision + 1 + index, stream }, hash)
    hash = metadata.hash ?? null
    return { ...event, metadata }
  })
  return { events: chained, hash }
}

export interface SeedProgress {
  done: number
  target: number
}

/**
 * Seeds reservations in bulk through the ledger's own rules, not its write path (which costs
 * 10+ queries per booking). For each reservation the placement comes from `SeedPlanner`, the
 * `ReservationBooked` event from `decideReservation` and the `CapacityClaimed` event from
 * `decideCapacity` against the resource's state at its stream head, exactly the events a
 * staff booking through the ledger appends, sealed into their streams' hash chains as the
 * default (hash-chained) store seals them, so that reading them costs what it costs a real
 * ledger (unsealed events would each be hashed on every read). They are written many rows per statement with
 * `bulkLoadPayloadEvents`, dated over the last 40 days (the history of a live system, and old
 * enough that catch-up's one-minute look-back does not re-read it), together with their
 * documents, and the catch-up checkpoint is moved past them: the database is then what a
 * running system with N reservations looks like, and a fresh process hydrates from it.
 * Calls are cumulative: seedTo(10_000) after seedTo(1_000) adds 9,000.
 */
export class Seeder {
  private readonly heads = new Map<string, ResourceHead>()
  /** Reservations appended through the store and not yet behind the catch-up checkpoint (see `write`). */
  private readonly claimed: string[] = []
  /** Position of the last event this seeder appended through the store (not the payload adapter's bulk load). */
  private lastAppended: string | undefined
  private readonly planner: SeedPlanner
  private seeded = 0
  private readonly store: EventStore

  constructor(
    private readonly payload: Payload,
    private readonly scenario: BenchScenario,
    private readonly maxCount: number,
    private readonly runStartedAt: number,
  ) {
    this.planner = new SeedPlanner(scenario.services, scenario.dates, scenario.resources.length)
    this.store = ledgerServices.of(payload).store
  }

  private get policy(): ReservationPolicy {
    return ledgerServices.of(this.payload).ledger.policy
  }

  async seedTo(target: number, onProgress: (progress: SeedProgress) => void = () => undefined): Promise<void> {
    // Bookings the measuring process made since the last call are on the streams: read them first.
    for (const stream of this.heads.keys()) {
      await this.refresh(stream)
    }
    while (this.seeded < target) {
      const count = Math.min(BATCH, target - this.seeded)
      await this.writeBatch(this.seeded, count)
      this.seeded += count
      onProgress({ done: this.seeded, target })
    }
    await this.moveCatchUpCheckpoint()
  }

  /** The decision time of reservation i: spread evenly over the history span, in order. */
  private decidedAt(i: number): string {
    const step = Math.floor((HISTORY_MS - 3_600_000) / this.maxCount)
    return new Date(this.runStartedAt - HISTORY_MS + i * step).toISOString()
  }

  /** A month stream's head, read from the store the first time and after each call's own bookings. */
  private async refresh(stream: string): Promise<ResourceHead> {
    let head = this.heads.get(stream)
    if (!head) {
      head = { hash: null, revision: NO_STREAM, state: initialCapacityState() }
      this.heads.set(stream, head)
    }
    for (const event of await this.store.readStream<ResourceEvent>(stream, head.revision + 1)) {
      evolveCapacity(head.state, event)
      head.revision = event.revision
      head.hash = chainHash(event, head.hash)
    }
    return head
  }

  private async writeBatch(first: number, count: number): Promise<void> {
    const requests: AppendRequest[] = []
    const bookings: number[] = []
    const reservationIds: string[] = []
    for (let i = first; i < first + count; i++) {
      const placed = this.planner.place(i)
      const resource = this.scenario.resources[placed.resource]
      const service = this.scenario.services[placed.service]
      const at = this.decidedAt(i)
      const reservationId = uuidv7({ msecs: Date.parse(at) })
      reservationIds.push(reservationId)
      const metadata: EventMetadata = { actor: ACTOR, at, correlationId: reservationId, schemaVersion: EVENT_SCHEMA_VERSION }
      const claims = [{ intervals: [placed.blocked], resource: String(resource) }]
      const booked = decideReservation(
        {
          data: {
            cancellationTokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
            customer: null,
            guest: { email: `guest${i}@bench.example`, name: `Guest ${i}`, phone: null },
            idempotencyKey: null,
            notes: null,
            plan: {
              claims,
              endTime: new Date(placed.end).toISOString(),
              guestCount: 1,
              items: [],
              resource,
              service: service.id,
              startTime: new Date(placed.start).toISOString(),
            },
            reservationId,
            status: i % 3 === 0 ? 'pending' : 'confirmed',
          },
          type: 'BookReservation',
        },
        initialReservationState(),
        this.policy,
        { now: new Date(at), privileged: true },
      )
      // The order the ledger appends them on a store without multi-stream transactions: claims first.
      for (const { month, stream } of capacityStreams(String(resource), claims[0].intervals)) {
        const head = this.heads.get(stream) ?? (await this.refresh(stream))
        const claimed = decideCapacity(
          { data: { intervals: intervalsIn(claims[0].intervals, month), quantity: RESOURCE_QUANTITY, reservationId }, type: 'SetCapacityClaim' },
          head.state,
        )
        for (const event of claimed) {
          evolveCapacity(head.state, event)
        }
        const chained = sealed(stream, head.revision, claimed.map((event) => ({ ...event, metadata })), head.hash)
        requests.push({ events: chained.events, expectedRevision: head.revision, stream })
        head.revision += claimed.length
        head.hash = chained.hash
      }
      const reservation = reservationStream(reservationId)
      requests.push({ events: sealed(reservation, NO_STREAM, booked.map((event) => ({ ...event, metadata })), null).events, expectedRevision: NO_STREAM, stream: reservation })
      bookings.push(requests.length - 1)
    }
    const results = await this.write(requests, reservationIds)
    const documents = bookings.map((index) => {
      const events = results[index].events as RecordedEvent<ReservationEvent>[]
      const state = foldReservation(events)
      if (state.kind !== 'active') {
        throw new Error(`Seeded reservation stream ${results[index].stream} folds to ${state.kind}`)
      }
      return reservationDocument(state.reservation, events[events.length - 1].revision)
    })
    await insertReservationDocuments(this.payload, ledgerServices.of(this.payload).options.slugs.reservations, documents)
  }

  /**
   * The batch's events into the ledger: on the payload adapter many rows per statement; on any
   * other store (JetStream) one append after another through the ledger's store, which seals
   * each again to the hash it already carries (it knows every head this seeder read or wrote).
   * This process's ledger sees those appends: its reservations are claimed as a request's are
   * until the catch-up checkpoint is past them, so that it projects none of what the seeder
   * writes itself.
   */
  private async write(requests: AppendRequest[], reservationIds: string[]): Promise<AppendResult[]> {
    if (this.store.kind === 'payload') {
      return bulkLoadPayloadEvents(this.payload, requests, { collection: ledgerServices.of(this.payload).options.slugs.events })
    }
    const { ownership } = ledgerServices.of(this.payload)
    for (const reservationId of reservationIds) {
      ownership.claim(reservationId)
      this.claimed.push(reservationId)
    }
    const results: AppendResult[] = []
    for (const request of requests) {
      const result = await this.store.append(request)
      this.lastAppended = result.events[result.events.length - 1]?.position ?? this.lastAppended
      results.push(result)
    }
    return results
  }

  /** The newest event's position: on the payload adapter read from its collection (the measuring process's bookings included). */
  private async newestPosition(): Promise<string | undefined> {
    if (this.store.kind !== 'payload') {
      return this.lastAppended
    }
    const { docs } = await this.payload.db.find<{ eventId: string }>({
      collection: ledgerServices.of(this.payload).options.slugs.events as CollectionSlug,
      limit: 1,
      pagination: false,
      sort: '-eventId',
    })
    return docs[0]?.eventId
  }

  /**
   * Everything in the ledger now has its document: catch-up (here and on the next start) reads
   * on from the newest event instead of re-projecting the seed (10^5 reservations, minutes).
   */
  private async moveCatchUpCheckpoint(): Promise<void> {
    const position = await this.newestPosition()
    const { catchUp, ownership } = ledgerServices.of(this.payload)
    if (position !== undefined) {
      await catchUp.advanceTo(position)
    }
    for (const reservationId of this.claimed.splice(0)) {
      ownership.release(reservationId)
    }
  }
}
