import type { EventStore } from '../../../events/store.js'
import type { RecordedEvent, ReservationEvent } from '../../../events/types.js'

import { RESERVATION_STREAM_PREFIX } from '../../../events/types.js'

/** A committed reservation event whose document reflects it (or that waited long enough). */
export interface LiveNotice {
  /** The event's position in the store: the SSE id a client resumes from. */
  position: string
  reservationId: string
  /** The reservation stream's revision the event is. */
  revision: number
  /**
   * The reservation's document as it was before this change (null for a booking), read from
   * the ledger once however many ask: to tell those who could read it that it changed.
   */
  previous(): Promise<null | Record<string, unknown>>
}

/** A connected client, told of notices in position order. */
export interface LiveListener {
  /** The feed stopped (the runtime is stopping): end the connection. */
  close(): void
  deliver(notices: LiveNotice[]): void
}

export interface LiveFeedOptions {
  /**
   * Positions (UUIDv7 on the payload store) are made before their append commits, so an event
   * may become visible behind one already read: each poll re-reads this far back.
   */
  lookbackMs: number
  /** The longest an event waits for its document before it is announced anyway. */
  maxHoldMs: number
  pageSize: number
  pollMs: number
}

export interface LiveFeedSources {
  /** The ledger read by every process: another process's commits reach it only here. */
  store: EventStore
  /** A recent position to start reading from (catch-up's checkpoint); undefined reads from the start. */
  start(): Promise<string | undefined>
  /** The reservation's document as it was at `revision`, from its stream; null before it was booked. */
  documentAt(reservationId: string, revision: number): Promise<null | Record<string, unknown>>
  /** The `ledgerRevision` of each reservation document that exists, by id. */
  projected(ids: string[]): Promise<Map<string, number>>
  /** Logs a failed poll; the next poll tries again. */
  report(error: unknown): void
}

const isReservation = (event: RecordedEvent): event is RecordedEvent<ReservationEvent> =>
  event.stream.startsWith(RESERVATION_STREAM_PREFIX)

/** One stretch of polling, from a first listener to the last one leaving. */
interface Round {
  /** The highest position read. */
  cursor: string | undefined
  /** Events read but not announced yet: their document is behind. */
  held: Map<string, { event: RecordedEvent<ReservationEvent>; since: number }>
  /** Positions read that the look-back reads again, so a re-read is not announced twice. */
  seen: Set<string>
  /** Events recorded before this were there when the round started: clients load them themselves. */
  startedAt: number
}

/**
 * The reservation events every process commits, for the live calendar: one poll of the store
 * per process every `pollMs` while at least one client listens, however many do (see
 * docs/ARCHITECTURE.md, "Live calendar"). An event is announced once its reservation's
 * document shows it, so a client that refetches on a notice reads the change.
 */
export class LiveFeed {
  private readonly listeners = new Set<LiveListener>()
  private readonly polls = new Set<Promise<void>>()
  /** The polling in progress; null while nobody listens. */
  private round: null | Round = null
  private stopped = false
  private timer: null | ReturnType<typeof setTimeout> = null

  constructor(
    private readonly sources: LiveFeedSources,
    private readonly options: LiveFeedOptions,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Starts listening; the returned function stops. The first listener starts a round of
   * polling; when the last leaves it ends, and a later round starts from a fresh checkpoint
   * rather than reading through everything committed meanwhile.
   */
  listen(listener: LiveListener): () => void {
    if (this.stopped) {
      listener.close()
      return () => undefined
    }
    this.listeners.add(listener)
    if (this.round === null) {
      const round: Round = { cursor: undefined, held: new Map(), seen: new Set(), startedAt: this.clock() }
      this.round = round
      this.schedule(round, 0)
    }
    return () => {
      this.listeners.delete(listener)
      if (this.listeners.size === 0) {
        this.idle()
      }
    }
  }

  /**
   * Reservation events after `after`, the highest position a client was sent: what it missed
   * while away. Nothing at or before it is sent again; one that committed late behind it is in
   * the reload the client makes on reconnecting. At most `limit`; `complete` is false when there
   * were more (the client should reload what it shows).
   */
  async missedSince(after: string, limit: number): Promise<{ complete: boolean; notices: LiveNotice[] }> {
    const events = await this.sources.store.readAll({
      after,
      limit: limit + 1,
      streamPrefix: RESERVATION_STREAM_PREFIX,
    })
    const notices = events.filter(isReservation).slice(0, limit).map((event) => this.noticeOf(event))
    return { complete: events.length <= limit, notices }
  }

  /** Stops polling and ends every connection; the poll in progress is waited for. */
  async stop(): Promise<void> {
    this.stopped = true
    this.idle()
    for (const listener of [...this.listeners]) {
      listener.close()
    }
    this.listeners.clear()
    await Promise.allSettled([...this.polls])
  }

  private idle(): void {
    this.round = null
    if (this.timer !== null) {
      clearTimeout(this.timer)
      this.timer = null
    }
  }

  private schedule(round: Round, ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null
      const poll = this.poll(round).catch((error: unknown) => this.sources.report(error))
      this.polls.add(poll)
      void poll.finally(() => {
        this.polls.delete(poll)
        if (this.round === round) {
          this.schedule(round, this.options.pollMs)
        }
      })
    }, ms)
    this.timer.unref?.()
  }

  private async poll(round: Round): Promise<void> {
    if (round.cursor === undefined) {
      round.cursor = await this.sources.start()
    }
    for (const event of await this.readNew(round)) {
      if (Date.parse(event.recordedAt) >= round.startedAt) {
        round.held.set(event.position, { event, since: this.clock() })
      }
    }
    const due = await this.due(round)
    // A round that ended meanwhile announces nothing: its listeners are gone.
    if (due.length > 0 && this.round === round) {
      for (const listener of this.listeners) {
        listener.deliver(due)
      }
    }
    this.forget(round)
  }

  /** Reservation events not read before, from the look-back before the cursor on. */
  private async readNew(round: Round): Promise<RecordedEvent<ReservationEvent>[]> {
    const { store } = this.sources
    const fresh: RecordedEvent<ReservationEvent>[] = []
    let after = round.cursor === undefined ? undefined : store.rewind(round.cursor, this.options.lookbackMs)
    for (;;) {
      const page = await store.readAll({ after, limit: this.options.pageSize, streamPrefix: RESERVATION_STREAM_PREFIX })
      for (const event of page) {
        if (round.seen.has(event.position)) {
          continue
        }
        round.seen.add(event.position)
        if (round.cursor === undefined || event.position > round.cursor) {
          round.cursor = event.position
        }
        if (isReservation(event)) {
          fresh.push(event)
        }
      }
      if (page.length < this.options.pageSize) {
        return fresh
      }
      after = page[page.length - 1].position
    }
  }

  /**
   * The held events whose document has caught up (or that waited `maxHoldMs`: a writer that
   * died leaves its document to catch-up), in position order. A deletion is caught up once its
   * document is gone. One query for all of them, whoever listens.
   */
  private async due(round: Round): Promise<LiveNotice[]> {
    if (round.held.size === 0) {
      return []
    }
    const revisions = await this.sources.projected([...new Set([...round.held.values()].map(({ event }) => event.data.reservationId))])
    const now = this.clock()
    const due: RecordedEvent<ReservationEvent>[] = []
    for (const [position, { event, since }] of round.held) {
      const revision = revisions.get(event.data.reservationId)
      const shown = event.type === 'ReservationDeleted' ? revision === undefined : revision !== undefined && revision >= event.revision
      if (shown || now - since >= this.options.maxHoldMs) {
        due.push(event)
        round.held.delete(position)
      }
    }
    return due.sort((a, b) => (a.position < b.position ? -1 : 1)).map((event) => this.noticeOf(event))
  }

  private noticeOf(event: RecordedEvent<ReservationEvent>): LiveNotice {
    const { reservationId } = event.data
    let previous: null | Promise<null | Record<string, unknown>> = null
    return {
      position: event.position,
      previous: () => {
        previous ??= event.revision === 0 ? Promise.resolve(null) : this.sources.documentAt(reservationId, event.revision - 1)
        return previous
      },
      reservationId,
      revision: event.revision,
    }
  }

  /**
   * Forgets the positions the next read no longer reaches: those at or before the look-back from
   * the cursor. The window is the cursor's, not the clock's: while nothing new is committed the
   * cursor stays put and every poll reads the same stretch again, so what was announced in it is
   * remembered for as long as it is read.
   */
  private forget(round: Round): void {
    if (round.cursor === undefined) {
      return
    }
    const reread = this.sources.store.rewind(round.cursor, this.options.lookbackMs)
    for (const position of round.seen) {
      if (position <= reread) {
        round.seen.delete(position)
      }
    }
  }
}
