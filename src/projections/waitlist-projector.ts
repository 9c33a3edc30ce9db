import type { CollectionSlug, Payload, Where } from 'payload'

import type { WaitlistLedger } from '../commands/waitlist-ledger.js'

import { KeyedQueue } from '../concurrency/keyed-queue.js'

/** A waitlist entry as the waitlist collection lists it. */
export interface WaitlistRow {
  customer?: null | string
  entryId: string
  from: string
  guestCount: number
  guestName?: null | string
  holdId?: null | string
  joinedAt: string
  ledgerRevision: number
  /** When the offer's hold expires, once offered. */
  offerExpiresAt?: null | string
  offeredStart?: null | string
  resource?: null | string
  service: string
  status: 'expired' | 'left' | 'offered' | 'waiting'
  tenant?: null | string
  to: string
}

const DATES = new Set(['from', 'joinedAt', 'offerExpiresAt', 'offeredStart', 'to'])

/** Whether a stored row says anything else than the stream does (dates as instants, null as missing). */
const differs = (stored: WaitlistRow, row: WaitlistRow): boolean =>
  (Object.keys(row) as Array<keyof WaitlistRow>).some((key) => {
    const [a, b] = [stored[key] ?? null, row[key] ?? null]
    return DATES.has(key) && a !== null && b !== null ? Date.parse(String(a)) !== Date.parse(String(b)) : String(a) !== String(b)
  })

const text = (value: unknown): null | string => (value === null || value === undefined ? null : String(value))

/**
 * Keeps the waitlist collection equal to what the waitlist streams say: one row per entry, its
 * status moving from waiting to offered, left or expired. A row is written only where it says
 * anything else and its stored `ledgerRevision` is not beyond the stream read, so a slower process
 * never puts an older status over a newer one. Decisions never read the rows; the offer pass and the sweep only find
 * candidates there and decide on the stream.
 */
export class WaitlistProjector {
  private readonly queue = new KeyedQueue()

  constructor(
    private readonly payload: Payload,
    private readonly waitlist: Pick<WaitlistLedger, 'load'>,
    private readonly collection: CollectionSlug,
  ) {}

  /** Brings one entry's row to what its stream says; returns the row, or null for no entry. */
  project(entryId: string): Promise<null | WaitlistRow> {
    return this.queue.run(entryId, async () => {
      const { revision, state } = await this.waitlist.load(entryId)
      if (state.kind === 'absent') {
        await this.payload.db.deleteMany({ collection: this.slug, where: { entryId: { equals: entryId } } })
        return null
      }
      const { entry } = state
      const row: WaitlistRow = {
        customer: text(entry.customer),
        entryId,
        from: entry.from,
        guestCount: entry.guestCount,
        guestName: entry.guest?.name ?? null,
        holdId: state.kind === 'offered' ? state.offer.holdId : null,
        joinedAt: entry.joinedAt,
        ledgerRevision: revision,
        offerExpiresAt: state.kind === 'offered' ? state.offer.expiresAt : null,
        offeredStart: state.kind === 'offered' ? state.offer.startTime : null,
        resource: text(entry.resource),
        service: String(entry.service),
        status: state.kind,
        tenant: text(entry.tenant),
        to: entry.to,
      }
      const where: Where = { entryId: { equals: entryId } }
      const existing = (await this.payload.db.findOne({ collection: this.slug, where })) as null | WaitlistRow
      if (!existing) {
        await this.payload.db.create({ collection: this.slug, data: { ...row, announced: false } }).catch(async (error: unknown) => {
          // Another process created it first; the revision check below settles whose is newer.
          if (!(await this.payload.db.findOne({ collection: this.slug, where }))) {
            throw error
          }
          await this.update(row)
        })
        return row
      }
      if (existing.ledgerRevision < revision || (existing.ledgerRevision === revision && differs(existing, row))) {
        await this.update(row)
      }
      return row
    })
  }

  /** Waiting entries whose range has not ended by `now`, oldest first; only those for `resources` (or any resource) when given. */
  async waiting(now: Date, limit: number, resources?: string[]): Promise<WaitlistRow[]> {
    const and: Where[] = [{ status: { equals: 'waiting' } }, { to: { greater_than: now.toISOString() } }]
    if (resources) {
      and.push({ or: [{ resource: { in: resources } }, { resource: { exists: false } }, { resource: { equals: '' } }] })
    }
    const { docs } = await this.payload.db.find<WaitlistRow>({ collection: this.slug, limit, pagination: false, sort: 'joinedAt', where: { and } })
    return docs
  }

  /** Waiting entries whose range ended by `now`, oldest end first. */
  async due(now: Date, limit: number): Promise<string[]> {
    const where: Where = { and: [{ status: { equals: 'waiting' } }, { to: { less_than_equal: now.toISOString() } }] }
    const { docs } = await this.payload.db.find<WaitlistRow>({ collection: this.slug, limit, pagination: false, sort: 'to', where })
    return docs.map((doc) => doc.entryId)
  }

  /** Offered entries whose notice nobody has claimed yet as far as the rows know, oldest first. */
  async unannounced(limit: number): Promise<string[]> {
    const where: Where = { and: [{ status: { equals: 'offered' } }, { announced: { equals: false } }] }
    const { docs } = await this.payload.db.find<WaitlistRow>({ collection: this.slug, limit, pagination: false, sort: 'joinedAt', where })
    return docs.map((doc) => doc.entryId)
  }

  /** Notes on the row that the offer's notice has been claimed (by this process or another). */
  async markAnnounced(entryId: string): Promise<void> {
    await this.payload.db.updateMany({ collection: this.slug, data: { announced: true }, returning: false, where: { entryId: { equals: entryId } } })
  }

  /** Entries whose range overlaps `[start, end)`, oldest first (the admin's list of a day); only those of `tenants` when given. */
  async overlapping(start: Date, end: Date, limit: number, tenants?: string[]): Promise<WaitlistRow[]> {
    const and: Where[] = [{ from: { less_than: end.toISOString() } }, { to: { greater_than: start.toISOString() } }]
    if (tenants) {
      and.push({ tenant: { in: tenants } })
    }
    const where: Where = { and }
    const { docs } = await this.payload.db.find<WaitlistRow>({ collection: this.slug, limit, pagination: false, sort: 'joinedAt', where })
    return docs
  }

  /** Every row's entry id (for a rebuild to find rows whose entry the ledger no longer has). */
  async all(): Promise<string[]> {
    const { docs } = await this.payload.db.find<WaitlistRow>({ collection: this.slug, limit: 0, pagination: false })
    return docs.map((doc) => doc.entryId)
  }

  /** Resolves once every projection queued so far has settled. */
  settle(): Promise<void> {
    return this.queue.drain()
  }

  private async update(row: WaitlistRow): Promise<void> {
    await this.payload.db.updateMany({
      collection: this.slug,
      data: { ...row },
      returning: false,
      where: { and: [{ entryId: { equals: row.entryId } }, { ledgerRevision: { less_than_equal: row.ledgerRevision } }] },
    })
  }

  private get slug(): CollectionSlug {
    return this.collection
  }
}
