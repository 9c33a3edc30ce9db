import type { Payload } from 'payload'
import type { Subscription } from 'rxjs'

import { APIError } from 'payload'

import type { EventStore } from '../events/store.js'
import type { CheckpointStore } from '../projections/catch-up.js'
import type { ResolvedOptions } from './options.js'
import type { ReserveRuntime, Services } from './services.js'

import { createPayloadEventStore } from '../events/adapters/payload.js'
import { Checkpointer } from '../events/hash-chain/checkpointer.js'
import { hashChained } from '../events/hash-chain/hash-chained-store.js'
import { isReservationEvent } from '../events/types.js'
import { BusyIndex } from '../capacity/busy-index.js'
import { type CatchUpLease, catchUpLease } from './cross-process/catch-up-lease.js'
import { startNotices } from './cross-process/start-notices.js'
import { CatchUp } from '../projections/catch-up.js'
import { deliverHooks, projectDocuments, projectHolds, projectWaitlist, reconcileClaims } from '../projections/catch-up-handlers.js'
import { RequestOwnership } from '../projections/request-ownership.js'
import { ReservationsProjector } from '../projections/reservations-projector.js'
import { CHECKPOINTS_COLLECTION } from './ledger-checkpoints-collection.js'
import { createLedger } from './shared/create-ledger.js'
import { reservationTenantField } from './shared/tenancy/tenancy.js'
import { every } from './shared/every.js'
import { startHolds } from './features/holds/index.js'
import { startWaitlist } from './features/waitlist/index.js'
import { startFeeds } from './features/external-busy/index.js'
import { startLiveFeed } from './features/live/index.js'
import { installWriteProtocol } from './features/booking/index.js'
import { startReminders } from './features/notifications/index.js'
import { enqueueWebhooks, startWebhooks } from './features/webhooks/index.js'

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
 * Catch-up follows a store that pushes events live; any other it reads in passes, one now and
 * one every `intervalMs`. Boot does not wait for the first pass: it repairs what a crash left
 * behind, which requests never depend on (they decide on the ledger), and it re-reads the last
 * minute, whose cost is the recent write rate's, not nothing. Without in-process timers (a
 * serverless host) boot makes no pass at all: the `reserveCatchUp` job does the work. Of the
 * processes sharing a PostgreSQL database only the one holding the `lease` makes the passes
 * after the first, or follows live (checked every `intervalMs`). `alongside` (the hold expiry's
 * and the waitlist's backstop sweeps) runs after each pass, or on its own timer beside a live
 * subscription, so that the background reads come together. Returns what stops it (the work in
 * progress is `catchUp.settle()`'s).
 */
const startCatchUp = (
  store: EventStore,
  catchUp: CatchUp,
  {
    alongside,
    background,
    intervalMs,
    lease,
    timers,
  }: { alongside: () => Promise<unknown>; background: boolean; intervalMs: number; lease: CatchUpLease; timers: boolean },
  report: (error: unknown) => void,
): (() => void) => {
  if (!background) {
    return () => undefined
  }
  if (store.subscribe) {
    let live: Subscription | undefined
    let stopped = false
    const followWhileLeased = async () => {
      const held = await lease.holds()
      if (held && !live && !stopped) {
        live = catchUp.follow(report)
      } else if (!held && live) {
        live.unsubscribe()
        live = undefined
      }
    }
    void followWhileLeased().catch(report)
    const stopAlongside = every(timers, intervalMs, () => followWhileLeased().then(alongside).catch(report))
    return () => {
      stopped = true
      live?.unsubscribe()
      stopAlongside()
    }
  }
  const pass = (leased: boolean) =>
    (leased ? lease.holds() : Promise.resolve(true))
      .then((held) => (held ? catchUp.run() : undefined))
      .then(alongside)
      .catch(report)
  if (timers) {
    void pass(false)
  }
  return every(timers, intervalMs, () => pass(true))
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
  const stopNotices = background ? await startNotices(payload, options, { busy, store }) : async () => undefined
  const ledger = createLedger(payload, options, store, busy)
  const ownership = new RequestOwnership()
  const projector = new ReservationsProjector(payload, ledger, { ...options, tenantField: reservationTenantField(payload, options) }, ownership)
  const { holdExpiry, holds, stopHolds } = startHolds(payload, options, { ledger, store })
  const { stopWaitlist, waitlist, waitlistOffers, waitlistRows } = startWaitlist(payload, options, { holds, ledger, slots: ledgerServices, store })
  const catchUp = createCatchUp(payload, options, { holds, ledger, ownership, projector, store, waitlistRows })
  const subscription = projectUnowned(payload, { ownership, projector, store })
  const live = startLiveFeed(payload, options, store, catchUp)
  const report = (error: unknown) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: catch-up failed' })
  const lease = catchUpLease(payload, report)
  const stopCatchUp = startCatchUp(
    store,
    catchUp,
    {
      alongside: () => holdExpiry.backstop().then(() => waitlistOffers.backstop()),
      background,
      intervalMs: options.catchUp.intervalMs,
      lease,
      timers: options.inProcessTimers,
    },
    report,
  )
  const { feedSync, feeds, stopFeeds } = await startFeeds(payload, options)
  const { checkpointer, stopCheckpoints } = startCheckpoints(payload, options, store)
  const { stopWebhooks, webhooks } = startWebhooks(payload, options, { ledger, owned: ownership })
  const stopReminders = startReminders(payload, options)

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
      await lease.release()
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
