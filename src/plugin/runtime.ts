import type { Payload } from 'payload'
import type { Subscription } from 'rxjs'

import { APIError } from 'payload'

import type { EventStore } from '../events/store.js'
import type { CheckpointStore } from '../projections/catch-up.js'
import type { ResolvedOptions } from './options.js'
import type { ReserveRuntime, Services } from './services.js'

import { foldReservation } from '../commands/reservation-state.js'
import { createPayloadEventStore } from '../events/adapters/payload.js'
import { sqlEvents } from '../events/adapters/payload-sql.js'
import { installAppendNotices } from '../events/adapters/payload-sql/append-notices.js'
import { Checkpointer } from '../events/hash-chain/checkpointer.js'
import { hashChained } from '../events/hash-chain/hash-chained-store.js'
import { parseCapacityStream } from '../events/capacity-streams.js'
import { isReservationEvent, isResourceEvent, type ReservationEvent, reservationStream } from '../events/types.js'
import { BusyIndex } from '../capacity/busy-index.js'
import { isPgPool, listenForAppends } from './listen-for-appends.js'
import { CatchUp } from '../projections/catch-up.js'
import { deliverHooks, projectDocuments, projectHolds, projectWaitlist, reconcileClaims } from '../projections/catch-up-handlers.js'
import { HoldsProjector, touchesHold } from '../projections/holds-projector.js'
import { HoldExpiry } from './holds/hold-expiry.js'
import { HOLDS_COLLECTION } from './holds/holds-collection.js'
import { WaitlistLedger } from '../commands/waitlist-ledger.js'
import { WaitlistProjector } from '../projections/waitlist-projector.js'
import { WAITLIST_COLLECTION } from './waitlist/waitlist-collections.js'
import { WaitlistOffers } from './waitlist/waitlist-offers.js'
import { RequestOwnership } from '../projections/request-ownership.js'
import { reservationDocument } from '../projections/reservation-document.js'
import { ReservationsProjector } from '../projections/reservations-projector.js'
import { FeedCache } from './external-busy/feed-cache.js'
import { LiveFeed } from './live/live-feed.js'
import { FeedSync } from './external-busy/feed-sync.js'
import { CHECKPOINTS_COLLECTION } from './ledger-checkpoints-collection.js'
import { createLedger } from './create-ledger.js'
import { reservationTenantField } from './tenancy/tenancy.js'
import { installWriteProtocol } from './write-protocol/interceptions.js'
import { sendReminders } from './notifications/notification-hooks.js'
import { WebhookDeliverer } from './webhooks/deliverer.js'
import { enqueueWebhooks } from './webhooks/outbox.js'

const runtimes = new WeakMap<Payload, ReserveRuntime>()

/** Why the ledger of an instance has not started yet (its tables are missing), until it starts. */
const notStarted = new WeakMap<Payload, string>()

export const waitingFor = (payload: Payload, reason: string): void => {
  notStarted.set(payload, reason)
}

/**
 * The running ledger of each Payload instance, as the shell hands it to the features it
 * composes (and the CLI reads it): a 503 while it waits for its tables, or where it does not run.
 */
export const ledgerServices: Services<ReserveRuntime> = {
  find: (payload) => runtimes.get(payload),
  of(payload) {
    const runtime = runtimes.get(payload)
    if (!runtime) {
      throw new APIError(notStarted.get(payload) ?? 'payload-reserve-ledger: the ledger is not running for this Payload instance', 503)
    }
    return runtime
  },
}

const openStore = async (payload: Payload, options: Pick<ResolvedOptions, 'eventStore' | 'slugs'>): Promise<EventStore> => {
  const choice = options.eventStore
  if (typeof choice === 'function') {
    return choice({ collectionSlug: options.slugs.events })
  }
  if (choice.kind === 'eventstoredb') {
    const { createEventStoreDBStore } = await import('../events/adapters/eventstoredb.js')
    return createEventStoreDBStore({ connectionString: choice.connectionString })
  }
  if (choice.kind === 'jetstream') {
    const { createJetStreamStore } = await import('../events/adapters/jetstream.js')
    return createJetStreamStore(choice)
  }
  return createPayloadEventStore(payload, { collection: options.slugs.events })
}

/** The configured store, hash-chained unless `hashChain` is off: every store, one decorator. */
const createStore = async (payload: Payload, options: Pick<ResolvedOptions, 'eventStore' | 'hashChain' | 'slugs'>): Promise<EventStore> => {
  const store = await openStore(payload, options)
  return options.hashChain ? hashChained(store) : store
}

/**
 * On the ledger in PostgreSQL, appends announce themselves (NOTIFY from a trigger in the
 * append's statement) and this process LISTENs, bringing its busy index up to other processes'
 * heads before it decides (SQLite keeps reading the head per query). Returns what stops it.
 */
const startAppendNotices = async (payload: Payload, options: Pick<ResolvedOptions, 'eventStore' | 'slugs'>, busy: BusyIndex): Promise<() => Promise<void>> => {
  const choice = options.eventStore
  const source = typeof choice !== 'function' && choice.kind === 'payload' ? sqlEvents(payload.db, options.slugs.events) : undefined
  const pool = (payload.db as { pool?: unknown }).pool
  if (source?.dialect !== 'postgres' || !isPgPool(pool)) {
    return async () => undefined
  }
  const channel = await installAppendNotices(source.db, source.table)
  return listenForAppends(pool, channel, busy, (error) =>
    payload.logger.warn({ err: error, msg: 'payload-reserve-ledger: append notices interrupted (bookings retry meanwhile)' }),
  )
}

/** `work` every `ms` on an unref'd timer when `enabled`; returns what stops it. */
const every = (enabled: boolean, ms: number, work: () => unknown): (() => void) => {
  if (!enabled) {
    return () => undefined
  }
  const timer = setInterval(work, ms)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * Catch-up follows a store that pushes events live; any other it reads in passes, one now and
 * one every `intervalMs`. Boot does not wait for the first pass: it repairs what a crash left
 * behind, which requests never depend on (they decide on the ledger), and it re-reads the last
 * minute, whose cost is the recent write rate's, not nothing. Without in-process timers (a
 * serverless host) boot makes no pass at all: the `reserveCatchUp` job does the work. `alongside` (the hold
 * expiry's and the waitlist's backstop sweeps) runs after each pass, or on its own timer beside a live subscription, so that
 * the background reads come together. Returns what stops it (the work in progress is
 * `catchUp.settle()`'s).
 */
const startCatchUp = (
  store: EventStore,
  catchUp: CatchUp,
  { alongside, background, intervalMs, timers }: { alongside: () => Promise<unknown>; background: boolean; intervalMs: number; timers: boolean },
  report: (error: unknown) => void,
): (() => void) => {
  if (!background) {
    return () => undefined
  }
  if (store.subscribe) {
    const live = catchUp.follow(report)
    const stopAlongside = every(timers, intervalMs, () => alongside().catch(report))
    return () => {
      live.unsubscribe()
      stopAlongside()
    }
  }
  const pass = () => catchUp.run().then(alongside).catch(report)
  if (timers) {
    void pass()
  }
  return every(timers, intervalMs, pass)
}

const checkpointStore = (payload: Payload, name: string): CheckpointStore => {
  const collection = CHECKPOINTS_COLLECTION
  const where = { name: { equals: name } }
  return {
    async load() {
      const doc = (await payload.db.findOne({ collection, where })) as { position?: string } | null
      return doc?.position ?? undefined
    },
    async save(position) {
      const doc = await payload.db.findOne({ collection, where })
      if (doc) {
        await payload.db.updateOne({ collection, data: { position }, id: doc.id, returning: false })
        return
      }
      try {
        await payload.db.create({ collection, data: { name, position } })
      } catch (error) {
        // Another process's first pass created it in between (the name is unique): update theirs.
        const created = await payload.db.findOne({ collection, where })
        if (!created) {
          throw error
        }
        await payload.db.updateOne({ collection, data: { position }, id: created.id, returning: false })
      }
    },
  }
}

/** Catch-up with its handlers: documents, their hooks, claims (repairs logged as warnings). */
const createCatchUp = (
  payload: Payload,
  options: Pick<ResolvedOptions, 'cancelledStatus' | 'catchUp' | 'confirmedStatus'>,
  {
    holds,
    ledger,
    ownership,
    projector,
    store,
    waitlistRows,
  }: Pick<ReserveRuntime, 'holds' | 'ledger' | 'ownership' | 'projector' | 'store' | 'waitlistRows'>,
): CatchUp => {
  const handlers = [
    projectDocuments(projector, ownership),
    projectHolds(holds),
    projectWaitlist(waitlistRows),
    deliverHooks(projector, ownership),
    reconcileClaims(ledger, ownership, (reservationId, repairs) =>
      payload.logger.warn({
        msg: `payload-reserve-ledger: set the claims of reservation ${reservationId} right in ${repairs.length} month stream(s)`,
        repairs,
      }),
    ),
    enqueueWebhooks(payload, ledger, options),
  ]
  return new CatchUp(store, handlers, checkpointStore(payload, 'reservations'), {
    graceMs: options.catchUp.graceMs,
    lookbackMs: 60_000,
    maxPages: 10,
    pageSize: 500,
    retryMs: options.catchUp.intervalMs,
  })
}

/**
 * Events appended outside a request that writes its own document (recovery, direct ledger
 * calls) are projected at once; a request projects its own reservations itself.
 */
const projectUnowned = (payload: Payload, { ownership, projector, store }: Pick<ReserveRuntime, 'ownership' | 'projector' | 'store'>): Subscription =>
  store.committed.subscribe((event) => {
    if (isReservationEvent(event) && !ownership.isOwned(event.data.reservationId)) {
      projector.project(event.data.reservationId).catch((error: unknown) => {
        payload.logger.error({ err: error, msg: 'payload-reserve-ledger: projection failed' })
      })
    }
  })

/**
 * Holds: their rows projected as this process commits hold events (a request that books a hold
 * owns its reservation, so this is not `projectUnowned`'s work) and each live one timed to
 * expire; catch-up sweeps for those due that no timer here knows (`startCatchUp`).
 */
const startHolds = (payload: Payload, options: Pick<ResolvedOptions, 'inProcessTimers'>, { ledger, store }: Pick<ReserveRuntime, 'ledger' | 'store'>) => {
  const report = (error: unknown) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: hold expiry failed' })
  const holdExpiry: HoldExpiry = new HoldExpiry(ledger, () => holds, options.inProcessTimers, report)
  const holds: HoldsProjector = new HoldsProjector(payload, ledger, HOLDS_COLLECTION, {
    ended: (holdId) => holdExpiry.disarm(holdId),
    live: (hold) => holdExpiry.arm(hold),
  })
  const subscription = store.committed.subscribe((event) => {
    if (isReservationEvent(event) && touchesHold(event)) {
      holds.project(event.data.reservationId).catch(report)
    }
  })
  const stopHolds = async () => {
    subscription.unsubscribe()
    await holdExpiry.stop()
    await holds.settle()
  }
  return { holdExpiry, holds, stopHolds }
}

/**
 * The waitlist: its rows, and its offers. On a long-lived server capacity released by this
 * process's commits (a cancel, a hold's expiry or release, a move) starts an offer pass at once;
 * without in-process timers only the sweep (the `reserveCatchUp` job) offers.
 */
const startWaitlist = (
  payload: Payload,
  options: Pick<ResolvedOptions, 'bookingWindow' | 'debug' | 'defaultBufferTime' | 'enforceActive' | 'getExternalBusy' | 'holdMinutes' | 'hooks' | 'inProcessTimers' | 'maxFlexibleDuration' | 'maxWaitlistEntriesPerCaller' | 'multiTenant' | 'resourceOwnerMode' | 'roles' | 'slotInterval' | 'slugs' | 'staffCollection' | 'staffProvisioning' | 'timezone' | 'userCollection'>,
  { holds, ledger, store }: Pick<ReserveRuntime, 'holds' | 'ledger' | 'store'>,
) => {
  const report = (error: unknown) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: waitlist offer failed' })
  const waitlist = new WaitlistLedger(store, options.maxWaitlistEntriesPerCaller)
  const waitlistRows = new WaitlistProjector(payload, waitlist, WAITLIST_COLLECTION)
  const waitlistOffers = new WaitlistOffers(payload, options, { holds, ledger, rows: waitlistRows, slots: ledgerServices, waitlist }, report)
  const subscription = options.inProcessTimers
    ? store.committed.subscribe((event) => {
        const freedOn = isResourceEvent(event) && event.type === 'CapacityReleased' ? parseCapacityStream(event.stream) : null
        if (freedOn) {
          waitlistOffers.freed(freedOn.resource)
        }
      })
    : null
  const stopWaitlist = async () => {
    subscription?.unsubscribe()
    await waitlistOffers.stop()
    await waitlistRows.settle()
  }
  return { stopWaitlist, waitlist, waitlistOffers, waitlistRows }
}

/**
 * The calendar feeds: their synced busy time loaded now, a sync pass started in the background
 * (boot does not wait on remote servers) and repeated every `refreshMinutes`.
 */
const startFeeds = async (payload: Payload, options: Pick<ResolvedOptions, 'calendarFeeds' | 'inProcessTimers' | 'slugs' | 'timezone'>) => {
  const feeds = new FeedCache(payload)
  await feeds.reload()
  const feedSync = new FeedSync(payload, options, feeds)
  if (!options.inProcessTimers) {
    return { feedSync, feeds, stopFeeds: () => undefined }
  }
  const report = (error: unknown) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: calendar feed sync failed' })
  void feedSync.run().catch(report)
  return { feedSync, feeds, stopFeeds: every(true, options.calendarFeeds.refreshMinutes * 60_000, () => feedSync.run().catch(report)) }
}

/** How often this process looks for webhook deliveries due (the outbox fills as catch-up runs). */
const WEBHOOK_POLL_MS = 2_000

/** How often the hash chains are checkpointed (the `reserveCheckpoint` job runs as often). */
const CHECKPOINT_MS = 5 * 60_000

/** The hash chains' checkpointer and the timer that runs it, when hashing is on. */
const startCheckpoints = (payload: Payload, options: Pick<ResolvedOptions, 'hashChain' | 'inProcessTimers'>, store: EventStore) => {
  if (!options.hashChain) {
    return { checkpointer: null, stopCheckpoints: () => undefined }
  }
  const checkpointer = new Checkpointer(store, checkpointStore(payload, 'hash-chain'), { lookbackMs: 60_000 })
  const stopCheckpoints = every(options.inProcessTimers, CHECKPOINT_MS, () =>
    checkpointer.run().catch((error: unknown) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: checkpoint failed' })),
  )
  return { checkpointer, stopCheckpoints }
}


/** How often the live calendar's feed reads the ledger while a client listens. */
const LIVE_POLL_MS = 500

/**
 * The live calendar's feed: from catch-up's checkpoint, each event once its document shows it
 * (the projected revision read with access bypassed; each connection applies its own).
 */
const createLiveFeed = (payload: Payload, options: Pick<ResolvedOptions, 'multiTenant' | 'slugs' | 'staffCollection'>, store: EventStore, catchUp: CatchUp): LiveFeed =>
  new LiveFeed(
    {
      async documentAt(reservationId, revision) {
        const state = foldReservation(await store.readStream<ReservationEvent>(reservationStream(reservationId), 0, revision + 1))
        return state.kind === 'active' ? reservationDocument(state.reservation, revision, reservationTenantField(payload, options)) : null
      },
      async projected(ids) {
        const { docs } = await payload.find({
          collection: options.slugs.reservations,
          depth: 0,
          overrideAccess: true,
          pagination: false,
          select: { ledgerRevision: true },
          where: { id: { in: ids } },
        })
        return new Map(docs.map((doc) => [String(doc.id), Number((doc as { ledgerRevision?: unknown }).ledgerRevision ?? -1)]))
      },
      report: (error) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: live feed poll failed' }),
      start: () => catchUp.position(),
      store,
    },
    { lookbackMs: 10_000, maxHoldMs: 10_000, pageSize: 500, pollMs: LIVE_POLL_MS },
  )

/**
 * Starts the ledger for a Payload instance: store, index, projector, catch-up, calendar feeds.
 * Without `background` (a bin script) it starts no catch-up, subscription or timer at all.
 */
export const startRuntime = async (
  payload: Payload,
  configured: ResolvedOptions,
  { background = true }: { background?: boolean } = {},
): Promise<ReserveRuntime> => {
  const options = background ? configured : { ...configured, inProcessTimers: false }
  const store = await createStore(payload, options)
  const busy = new BusyIndex(store)
  const stopNotices = background ? await startAppendNotices(payload, options, busy) : async () => undefined
  const ledger = createLedger(payload, options, store, busy)
  const ownership = new RequestOwnership()
  const projector = new ReservationsProjector(payload, ledger, { ...options, tenantField: reservationTenantField(payload, options) }, ownership)
  const { holdExpiry, holds, stopHolds } = startHolds(payload, options, { ledger, store })
  const { stopWaitlist, waitlist, waitlistOffers, waitlistRows } = startWaitlist(payload, options, { holds, ledger, store })
  const catchUp = createCatchUp(payload, options, { holds, ledger, ownership, projector, store, waitlistRows })
  const subscription = projectUnowned(payload, { ownership, projector, store })
  const live = createLiveFeed(payload, options, store, catchUp)
  const report = (error: unknown) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: catch-up failed' })
  const stopCatchUp = startCatchUp(
    store,
    catchUp,
    {
      alongside: () => holdExpiry.backstop().then(() => waitlistOffers.backstop()),
      background,
      intervalMs: options.catchUp.intervalMs,
      timers: options.inProcessTimers,
    },
    report,
  )
  const { feedSync, feeds, stopFeeds } = await startFeeds(payload, options)
  const { checkpointer, stopCheckpoints } = startCheckpoints(payload, options, store)
  const webhooks = new WebhookDeliverer(payload, ledger, options, ownership)
  const stopReminders = every(options.inProcessTimers && Boolean(options.notifications.email?.reminderHours), 60_000, () =>
    sendReminders(payload, options).catch((error: unknown) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: reminders failed' })),
  )
  const stopWebhooks = every(options.inProcessTimers, WEBHOOK_POLL_MS, () =>
    webhooks.run().catch((error: unknown) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: webhook delivery failed' })),
  )

  const runtime: ReserveRuntime = {
    busy,
    catchUp,
    checkpointer,
    feedSync,
    feeds,
    holdExpiry,
    holds,
    ledger,
    live,
    options,
    ownership,
    projector,
    async stop() {
      await stopNotices()
      await live.stop()
      stopCatchUp()
      stopFeeds()
      stopWebhooks()
      stopReminders()
      stopCheckpoints()
      await checkpointer?.settle()
      await feedSync.stop()
      await webhooks.settle()
      await stopWaitlist()
      await stopHolds()
      subscription.unsubscribe()
      // Background work still holding connections would fail mid-query once the pool ends.
      await catchUp.settle()
      await projector.stop()
      await store.close()
      runtimes.delete(payload)
    },
    store,
    waitlist,
    waitlistOffers,
    waitlistRows,
    webhooks,
  }
  runtimes.set(payload, runtime)
  notStarted.delete(payload)
  installWriteProtocol(payload, options, runtime)
  return runtime
}
