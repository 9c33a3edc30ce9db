import { createHash } from 'node:crypto'

import type { AppendRequest, EventStore } from '../events/store.js'
import type { EventMetadata, NewEvent, RecordedEvent, WaitlistEntryCounted, WaitlistEvent, WaitlistJoined } from '../events/types.js'
import type { CommandMeta } from './ledger.js'

import { NO_STREAM } from '../events/store.js'
import { retryOnConflict } from '../events/retry-on-conflict.js'
import { EVENT_SCHEMA_VERSION, WAITLISTER_STREAM_PREFIX, waitlistStream } from '../events/types.js'
import {
  decideWaitlist,
  DEFAULT_MAX_WAITLIST_ENTRIES,
  evolveWaitlist,
  foldWaitlist,
  type WaitlistCommand,
  type WaitlistState,
} from './waitlist-decider.js'

/** A waitlist stream read: its events, what they fold to, and the revision to append at. */
export interface WaitlistView {
  events: RecordedEvent<WaitlistEvent>[]
  revision: number
  state: WaitlistState
}

const MAX_ATTEMPTS = 10

/** A contact's waitlister stream as read for a join: how many of its entries wait, at which revision. */
interface ContactView {
  revision: number
  stream: string
  waiting: number
}

/**
 * Who the limit of waiting entries counts against: the entry's customer (whoever joined for them),
 * or a guest by e-mail, else phone, as holds key guests.
 */
export const contactKeyOf = ({ customer, guest }: Pick<WaitlistJoined['data'], 'customer' | 'guest'>): string =>
  customer !== null ? `customer:${customer}` : `guest:${(guest?.email ?? guest?.phone ?? '').trim().toLowerCase()}`

const waitlisterStream = (contactKey: string): string =>
  `${WAITLISTER_STREAM_PREFIX}${createHash('sha256').update(contactKey).digest('hex')}`

/**
 * The waitlist's command handler: reads an entry's stream, decides (`decideWaitlist`), and appends
 * at the revision it read; a stream that moved meanwhile is read and decided again. So an entry
 * is offered once however many processes try: the second offer is decided against the first.
 */
export class WaitlistLedger {
  constructor(
    private readonly store: Pick<EventStore, 'append' | 'appendAtomically' | 'readStream'>,
    private readonly maxEntriesPerContact: number = DEFAULT_MAX_WAITLIST_ENTRIES,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async load(entryId: string): Promise<WaitlistView> {
    const events = await this.store.readStream<WaitlistEvent>(waitlistStream(entryId))
    return { events, revision: events.length - 1, state: foldWaitlist(events) }
  }

  /** Decides and appends `command`; returns the events appended (none when nothing was to change) and the new state. */
  async execute(command: WaitlistCommand, meta: CommandMeta): Promise<{ events: WaitlistEvent[]; state: WaitlistState }> {
    const now = meta.now ?? this.clock()
    const { entryId } = command.data
    return retryOnConflict(MAX_ATTEMPTS, async () => {
      const { revision, state } = await this.load(entryId)
      const contact = command.type === 'JoinWaitlist' ? await this.waitingOf(command.data, now) : null
      const { maxEntriesPerContact } = this
      const context = { maxEntriesPerContact, now, privileged: meta.privileged, waitingEntries: contact?.waiting }
      const events = decideWaitlist(command, state, context)
      if (events.length === 0) {
        return { events, state }
      }
      const metadata = metadataOf(entryId, meta, now)
      const appended = events.map((event): NewEvent<WaitlistEvent> => ({ ...event, metadata }))
      const entry: AppendRequest = { events: appended, expectedRevision: revision, stream: waitlistStream(entryId) }
      if (contact && command.type === 'JoinWaitlist') {
        await this.appendFenced(contactFence(contact, command.data, metadata), entry)
      } else {
        await this.store.append(entry)
      }
      return { events, state: events.reduce((next, event) => evolveWaitlist(next, { ...event, metadata }), state) }
    })
  }

  /**
   * The entry with its contact's fence: in one append where the store can, else the fence first,
   * so a join never lands uncounted (a crash between the two leaves a counted entry that never
   * joined, which counts until its `to`, never one beyond the limit).
   */
  private async appendFenced(fence: AppendRequest, entry: AppendRequest): Promise<void> {
    if (this.store.appendAtomically) {
      await this.store.appendAtomically([fence, entry])
      return
    }
    await this.store.append(fence)
    await this.store.append(entry)
  }

  /**
   * The waiting entries of a join's contact: those its waitlister stream lists before their `to`
   * whose streams still wait, or are not there yet (being joined one stream at a time), besides
   * the entry being joined (a retry after its fence landed). A stale read counts one too many: a
   * refusal, never an entry beyond the limit, since the join's append checks the fence's revision.
   */
  private async waitingOf(entry: WaitlistJoined['data'], now: Date): Promise<ContactView> {
    const stream = waitlisterStream(contactKeyOf(entry))
    const events = await this.store.readStream<WaitlistEntryCounted>(stream)
    const before = ({ data }: WaitlistEntryCounted) => data.entryId !== entry.entryId && Date.parse(data.to) > now.getTime()
    const pending = new Set(events.filter(before).map(({ data }) => data.entryId))
    const states = await Promise.all([...pending].map(async (id) => (await this.load(id)).state.kind))
    const revision = events.length === 0 ? NO_STREAM : events[events.length - 1].revision
    return { revision, stream, waiting: states.filter((kind) => kind === 'waiting' || kind === 'absent').length }
  }
}

/** The new entry listed on its contact's waitlister stream, at the revision the limit was decided on. */
const contactFence = (
  { revision, stream }: ContactView,
  { entryId, to }: WaitlistJoined['data'],
  metadata: EventMetadata,
): AppendRequest => {
  const counted: WaitlistEntryCounted = { data: { entryId, to }, type: 'WaitlistEntryCounted' }
  return { events: [{ ...counted, metadata }], expectedRevision: revision, stream }
}

const metadataOf = (entryId: string, meta: CommandMeta, now: Date): EventMetadata => ({
  actor: meta.actor,
  at: now.toISOString(),
  correlationId: entryId,
  ...(meta.reason ? { reason: meta.reason } : {}),
  ...(meta.requestId ? { requestId: meta.requestId } : {}),
  schemaVersion: EVENT_SCHEMA_VERSION,
})
