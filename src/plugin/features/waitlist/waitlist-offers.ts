import type { Payload, PayloadRequest } from 'payload'

import { createLocalReq } from 'payload'
import { v7 as uuidv7 } from 'uuid'

import type { CommandMeta, Ledger } from '../../../commands/ledger.js'
import type { WaitlistEntry } from '../../../commands/waitlist-decider.js'
import type { WaitlistLedger } from '../../../commands/waitlist-ledger.js'
import type { HoldHolder, RecordedEvent, RelationId, ReservationHeld } from '../../../events/types.js'
import type { HoldsProjector } from '../../../projections/holds-projector.js'
import type { WaitlistProjector, WaitlistRow } from '../../../projections/waitlist-projector.js'
import type { EpochRange } from '../../../time/ranges.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'
import type { WaitlistOfferService, WaitlistSweep } from './waitlist-offer-service.js'

import { holdTokenDigest } from '../../../commands/hold-rules.js'
import { isCommandRejected } from '../../../events/rejection.js'
import { addCalendarDays, localDateOf } from '../../../time/local-time.js'
import { RequestError } from '../../shared/http/request-error.js'
import { referenceData } from '../../shared/reference-data/reference-data.js'
import { offerHoldToken } from './offer-token.js'
import { WAITLIST_NOTICES_COLLECTION } from './waitlist-collections.js'
import { findSlots } from '../slots/index.js'
import { buildBookingPlan } from '../booking/index.js'

/** Entries looked at per pass at most; a pass with more leaves the rest to the next. */
const PASS_LIMIT = 200

/** How often a process runs the whole sweep in the background at most (beside catch-up's passes). */
const BACKSTOP_MS = 30_000

const MINUTE_MS = 60_000

const systemMeta = (now: Date, name: string, reason: string): CommandMeta => ({ actor: { kind: 'system', name }, now, privileged: true, reason })

/**
 * What one offer pass has read: candidate resources per service and slots per resource, day and
 * guest count. Forgotten whenever the pass places or loses a hold; a slot it remembers that was
 * taken since only costs a refused hold (the claim is decided on the resource stream).
 */
interface Pass {
  candidates: Map<string, Promise<RelationId[]>>
  slots: Map<string, Promise<EpochRange[]>>
}

/**
 * Offers freed capacity to the waitlist. When a resource's capacity is released in this process
 * (`freed`, on a long-lived server), a pass walks the waiting entries that could use it, oldest
 * first; the first whose range now has a slot gets a hold on it, placed through the hold path
 * with the entry's customer or guest as holder, and `WaitlistOffered` is appended at the entry's
 * revision. `sweep` does the same for every waiting entry, expires those past their range and
 * announces offers nobody announced: after catch-up's passes (`backstop`) and in the
 * `reserveCatchUp` job, so a serverless host or a crashed process still offers.
 *
 * Several processes may run passes at once: the hold's claim decides who gets a slot (capacity
 * is checked at the resource stream's revision), and the offer's append at the entry's revision
 * decides which hold an entry keeps; a hold placed for an entry offered meanwhile is released.
 * The `afterWaitlistOffer` hooks fire for an offer once: whoever inserts its row into the notices
 * collection (unique entry id) calls them.
 */
export class WaitlistOffers implements WaitlistOfferService {
  private lastBackstop = Number.NEGATIVE_INFINITY
  private readonly pending = new Set<string>()
  private current: null | Promise<void> = null
  private readonly sweeping = new Set<Promise<WaitlistSweep>>()
  private stopped = false

  constructor(
    private readonly payload: Payload,
    private readonly options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'bookingWindow' | 'debug' | 'defaultBufferTime' | 'enforceActive' | 'getExternalBusy' | 'holdMinutes' | 'hooks' | 'maxFlexibleDuration' | 'slotInterval' | 'timezone' | 'waitlistAutoOffer'>,
    private readonly deps: {
      holds: Pick<HoldsProjector, 'project'>
      ledger: Pick<Ledger, 'execute' | 'history'>
      rows: WaitlistProjector
      /** What finding free slots reads (`findSlots`). */
      slots: Parameters<typeof findSlots>[2]
      waitlist: WaitlistLedger
    },
    private readonly report: (error: unknown) => void,
  ) {}

  /** Capacity on `resourceId` was released in this process: offer it to the waiting line soon (passes coalesce). */
  freed(resourceId: string): void {
    if (this.stopped) {
      return
    }
    this.pending.add(resourceId)
    if (this.current) {
      return
    }
    this.current = (async () => {
      while (this.pending.size > 0 && !this.stopped) {
        const resources = [...this.pending]
        this.pending.clear()
        await this.offerWaiting(new Date(), resources).catch(this.report)
      }
    })().finally(() => {
      this.current = null
    })
  }

  /** Offers to waiting entries (those for `resources` or any resource, when given), oldest first; returns how many got a hold. */
  async offerWaiting(now: Date, resources?: string[]): Promise<number> {
    let offered = 0
    // Entries that do not fit ask the same days again: a pass asks each once, until a hold changes them.
    const pass: Pass = { candidates: new Map(), slots: new Map() }
    for (const row of await this.deps.rows.waiting(now, PASS_LIMIT, resources)) {
      offered += (await this.offer(row, now, pass)) ? 1 : 0
    }
    return offered
  }

  /**
   * Staff offer `startTime` on `resource` to a waiting entry by hand (the admin's waitlist panel),
   * through the same hold and `OfferWaitlist` as a pass. 'ended': the entry is not waiting;
   * 'taken': the time is not free; 'lost': the entry was offered or ended meanwhile.
   */
  async offerByHand(
    req: PayloadRequest,
    entry: WaitlistEntry,
    { resource, startTime }: { resource: RelationId; startTime: string },
    meta: CommandMeta,
  ): Promise<{ holdId: string; outcome: 'lost' | 'offered' | 'taken' }> {
    const holdId = uuidv7()
    return { holdId, outcome: await this.holdAndOffer(req, entry, resource, Date.parse(startTime), meta, holdId) }
  }

  /** Expires the entries whose range ended by `now`; returns how many. */
  async expireDue(now: Date): Promise<number> {
    let expired = 0
    for (const entryId of await this.deps.rows.due(now, PASS_LIMIT)) {
      const { events } = await this.deps.waitlist.execute(
        { data: { entryId }, type: 'ExpireWaitlist' },
        systemMeta(now, 'waitlist-expiry', 'waitlist range ended'),
      )
      await this.deps.rows.project(entryId)
      expired += events.length > 0 ? 1 : 0
    }
    return expired
  }

  /** Announces the offers the rows list as unannounced; returns how many this process announced. */
  async announcePending(): Promise<number> {
    let announced = 0
    for (const entryId of await this.deps.rows.unannounced(PASS_LIMIT)) {
      announced += (await this.announce(entryId)) ? 1 : 0
    }
    return announced
  }

  /** Everything a background pass does, at `now`: expire, offer (unless only staff offer), announce. */
  async sweep(now: Date = new Date()): Promise<WaitlistSweep> {
    const expired = await this.expireDue(now)
    const offered = this.options.waitlistAutoOffer ? await this.offerWaiting(now) : 0
    const announced = await this.announcePending()
    return { announced, expired, offered }
  }

  /** `sweep`, unless this process swept less than `BACKSTOP_MS` ago (or is stopping): what catch-up's timer runs. */
  async backstop(now: Date = new Date()): Promise<null | WaitlistSweep> {
    if (this.stopped || now.getTime() - this.lastBackstop < BACKSTOP_MS) {
      return null
    }
    this.lastBackstop = now.getTime()
    const sweep = this.sweep(now)
    this.sweeping.add(sweep)
    return sweep.finally(() => this.sweeping.delete(sweep))
  }

  /** Stops taking triggers and waits for the pass and the background sweep in progress. */
  async stop(): Promise<void> {
    this.stopped = true
    await Promise.allSettled([this.current, ...this.sweeping])
  }

  /** Offers the entry the first slot in its range that it can hold; false when none fits (or it ended). */
  private async offer(row: WaitlistRow, now: Date, pass: Pass): Promise<boolean> {
    const { state } = await this.deps.waitlist.load(row.entryId)
    if (state.kind !== 'waiting') {
      await this.deps.rows.project(row.entryId)
      return false
    }
    const req = await createLocalReq({}, this.payload)
    const service = String(state.entry.service)
    if (state.entry.resource === null && !pass.candidates.has(service)) {
      pass.candidates.set(service, this.offering(state.entry.service))
    }
    const resources = state.entry.resource === null ? await pass.candidates.get(service)! : [state.entry.resource]
    for (const resource of resources) {
      for await (const slot of this.slotsOf(req, state.entry, resource, now, pass.slots)) {
        const meta = systemMeta(now, 'waitlist', `offered to waitlist entry ${state.entry.entryId}`)
        const outcome = await this.holdAndOffer(req, state.entry, resource, slot.start, meta, uuidv7())
        // Capacity changed (a hold placed or released, or someone else's claim): read afresh.
        pass.slots.clear()
        if (outcome !== 'taken') {
          return outcome === 'offered'
        }
      }
    }
    return false
  }

  /** Every resource offering the service (in id order, so passes agree): the candidates of an entry for any. */
  private async offering(service: RelationId): Promise<RelationId[]> {
    const { docs } = await this.payload.find({
      collection: this.options.slugs.resources,
      depth: 0,
      limit: 0,
      overrideAccess: true,
      pagination: false,
      select: {},
      sort: 'id',
      where: { services: { in: [service] } },
    })
    return docs.map((doc) => doc.id as RelationId)
  }

  /** The entry's bookable slots on one resource, in time order: within `[from, to)`, not before `now`. */
  private async *slotsOf(
    req: PayloadRequest,
    entry: WaitlistEntry,
    resource: RelationId,
    now: Date,
    known: Pass['slots'],
  ): AsyncGenerator<EpochRange> {
    const record = (await referenceData(this.payload, this.options).resources([resource])).get(String(resource))
    if (!record) {
      return
    }
    const zone = record.timezone ?? this.options.timezone
    const [from, to] = [Math.max(Date.parse(entry.from), now.getTime()), Date.parse(entry.to)]
    const last = localDateOf(to - 1, zone)
    for (let date = localDateOf(from, zone); date <= last; date = addCalendarDays(date, 1)) {
      const query = {
        date,
        duration: null,
        exclude: null,
        guestCount: entry.guestCount,
        resource: String(resource),
        resources: null,
        service: String(entry.service),
      }
      const key = JSON.stringify(query)
      if (!known.has(key)) {
        known.set(key, findSlots(req, this.options, this.deps.slots, query))
      }
      let slots: EpochRange[]
      try {
        slots = await known.get(key)!
      } catch (error) {
        // A service or resource gone or made inactive since the entry joined: nothing to offer there.
        if (error instanceof RequestError) {
          return
        }
        throw error
      }
      yield* slots.filter((slot) => slot.start >= from && slot.end <= to)
    }
  }

  /**
   * Holds the time from `start` for the entry and records the offer. 'taken': another booking or hold got the
   * slot first (try the next); 'lost': the entry was offered or ended meanwhile (the hold is
   * released); 'offered'.
   */
  private async holdAndOffer(
    req: PayloadRequest,
    entry: WaitlistEntry,
    resource: RelationId,
    start: number,
    meta: CommandMeta,
    holdId: string,
  ): Promise<'lost' | 'offered' | 'taken'> {
    const startTime = new Date(start).toISOString()
    const held = await this.placeHold(req, entry, { holdId, resource, startTime }, meta).catch((error: unknown) => {
      if (isCommandRejected(error)) {
        return null
      }
      throw error
    })
    if (!held) {
      return 'taken'
    }
    try {
      const offer = { entryId: entry.entryId, expiresAt: held, holdId, resource, startTime }
      await this.deps.waitlist.execute({ data: offer, type: 'OfferWaitlist' }, meta)
    } catch (error) {
      await this.deps.ledger.execute({ data: { caller: { kind: 'system' }, reservationId: holdId }, type: 'ReleaseHold' }, meta)
      await this.deps.holds.project(holdId)
      await this.deps.rows.project(entry.entryId)
      if (isCommandRejected(error)) {
        return 'lost'
      }
      throw error
    }
    await this.deps.holds.project(holdId)
    await this.deps.rows.project(entry.entryId)
    await this.announce(entry.entryId).catch(this.report)
    return 'offered'
  }

  /** Places the hold as the hold endpoint would for the entry's contact; returns its expiry. */
  private async placeHold(
    req: PayloadRequest,
    entry: WaitlistEntry,
    { holdId, resource, startTime }: { holdId: string; resource: RelationId; startTime: string },
    meta: CommandMeta,
  ): Promise<string> {
    const plan = await buildBookingPlan(
      req,
      { guestCount: entry.guestCount, resource, service: entry.service, startTime },
      this.options,
      { fillRequiredResources: true, keepEndTime: false },
    )
    const service = (await referenceData(this.payload, this.options).services([entry.service])).get(String(entry.service))
    const expiresAt = new Date(meta.now!.getTime() + (service?.holdMinutes ?? this.options.holdMinutes) * MINUTE_MS).toISOString()
    await this.deps.ledger.execute(
      {
        data: {
          customer: entry.customer,
          expiresAt,
          guest: entry.guest,
          holder: this.holderOf(entry, holdId),
          holderKey: null,
          plan,
          reservationId: holdId,
        },
        type: 'PlaceHold',
      },
      meta,
    )
    return expiresAt
  }

  /** Who may book the offered hold: the entry's customer, or the guest with the offer's hold token. */
  private holderOf(entry: WaitlistEntry, holdId: string): HoldHolder {
    return entry.customer !== null
      ? { collection: this.options.slugs.customers, id: String(entry.customer), kind: 'user' }
      : { kind: 'guest', tokenHash: holdTokenDigest(offerHoldToken(this.payload.secret, holdId)) }
  }

  /** Counts the entry's offer as announced without calling any hook (a rebuild re-notifies no one). */
  async countAnnounced(entryId: string): Promise<void> {
    await this.claimNotice(entryId)
  }

  /** Inserts the offer's notice row, the claim to announce it; false when another process holds it. Either way the row says announced. */
  private async claimNotice(entryId: string): Promise<boolean> {
    const collection = WAITLIST_NOTICES_COLLECTION
    let claimed = true
    try {
      await this.payload.db.create({ collection, data: { claimedAt: new Date().toISOString(), entryId } })
    } catch (error) {
      if (!(await this.payload.db.findOne({ collection, where: { entryId: { equals: entryId } } }))) {
        throw error
      }
      claimed = false
    }
    await this.deps.rows.markAnnounced(entryId)
    return claimed
  }

  /**
   * Calls the `afterWaitlistOffer` hooks for the entry's offer, if this process is the one that
   * claims its notice (the insert of its row); true when it did.
   */
  private async announce(entryId: string): Promise<boolean> {
    const { state } = await this.deps.waitlist.load(entryId)
    if (state.kind !== 'offered' || !(await this.claimNotice(entryId))) {
      return false
    }
    const [placed] = (await this.deps.ledger.history(state.offer.holdId)) as RecordedEvent[]
    if (placed?.type !== 'ReservationHeld') {
      return true
    }
    const hold = (placed as RecordedEvent<ReservationHeld>).data
    const { customer, entryId: id, from, guest, guestCount, resource, service, to } = state.entry
    const args = {
      contact: { customer, guest },
      entry: { entryId: id, from, guestCount, resource, service, to },
      hold: {
        endTime: hold.endTime,
        expiresAt: hold.expiresAt,
        holdId: hold.reservationId,
        ...(customer === null ? { holdToken: offerHoldToken(this.payload.secret, hold.reservationId) } : {}),
        resource: hold.resource,
        service: hold.service,
        startTime: hold.startTime,
      },
      req: await createLocalReq({}, this.payload),
    }
    for (const hook of this.options.hooks.afterWaitlistOffer) {
      try {
        await hook(args)
      } catch (error) {
        // The offer stands; a failing host callback is reported, never undone.
        this.payload.logger.error({ err: error, msg: 'payload-reserve-ledger: afterWaitlistOffer hook failed' })
      }
    }
    return true
  }
}
