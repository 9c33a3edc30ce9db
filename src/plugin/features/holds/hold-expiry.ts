import type { CommandMeta, Ledger } from '../../../commands/ledger.js'
import type { Hold } from '../../../commands/reservation-state.js'
import type { HoldsProjector } from '../../../projections/holds-projector.js'

/** Holds expired per sweep at most; a sweep with more due leaves the rest to the next. */
const SWEEP_LIMIT = 200

/**
 * How often a process sweeps in the background at most. The sweep is the backstop for holds
 * whose timer died with another process; holds this process knows expire on their timers.
 */
const BACKSTOP_MS = 30_000

const expiryMeta = (now: Date): CommandMeta => ({ actor: { kind: 'system', name: 'hold-expiry' }, now, privileged: true, reason: 'hold expired' })

/**
 * Ends holds at their expiry with a `HoldExpired` in the ledger. On a long-lived server each hold
 * this process places or sees gets a timer for its `expiresAt`; `sweep` expires every listed hold
 * that is due, and runs after catch-up's passes (at most every 30 s: `backstop`) and in the
 * `reserveCatchUp` job, so holds of a process that died, or of a serverless host without timers,
 * end too. Expiring is a ledger command at
 * the stream's revision: a booking of the hold racing it wins or loses whole, and an expiry of a
 * hold already booked, released or expired appends nothing.
 */
export class HoldExpiry {
  private readonly timers = new Map<string, NodeJS.Timeout>()
  private lastBackstop = Number.NEGATIVE_INFINITY
  private readonly running = new Set<Promise<unknown>>()
  private stopped = false

  constructor(
    private readonly ledger: Pick<Ledger, 'execute'>,
    private readonly projector: () => Pick<HoldsProjector, 'due' | 'project'>,
    private readonly timersOn: boolean,
    private readonly report: (error: unknown) => void,
  ) {}

  /** Times the expiry of a live hold (once per hold), when this process runs timers. */
  arm(hold: Hold): void {
    if (!this.timersOn || this.stopped || this.timers.has(hold.reservationId)) {
      return
    }
    const timer = setTimeout(() => {
      this.timers.delete(hold.reservationId)
      this.track(this.expire(hold.reservationId, new Date()).catch(this.report))
    }, Math.max(0, Date.parse(hold.expiresAt) - Date.now()))
    timer.unref()
    this.timers.set(hold.reservationId, timer)
  }

  /** Forgets the timer of a hold that has ended (booked, released or expired elsewhere). */
  disarm(holdId: string): void {
    clearTimeout(this.timers.get(holdId))
    this.timers.delete(holdId)
  }

  /** Expires the hold if it is due at `now` (`HoldExpired`), then brings its row to what the ledger says. */
  async expire(holdId: string, now: Date): Promise<boolean> {
    const { events } = await this.ledger.execute({ data: { reservationId: holdId }, type: 'ExpireHold' }, expiryMeta(now))
    // A hold not due yet (a timer that fired early) is armed again as its row is projected.
    await this.projector().project(holdId)
    return events.length > 0
  }

  /** Expires every listed hold due at `now`; returns how many it expired. */
  async sweep(now: Date = new Date()): Promise<number> {
    let expired = 0
    for (const holdId of await this.projector().due(now, SWEEP_LIMIT)) {
      expired += (await this.expire(holdId, now)) ? 1 : 0
    }
    return expired
  }

  /** `sweep`, unless this process swept less than `BACKSTOP_MS` ago: what catch-up's timer runs. */
  backstop(now: Date = new Date()): Promise<number> {
    if (now.getTime() - this.lastBackstop < BACKSTOP_MS) {
      return Promise.resolve(0)
    }
    this.lastBackstop = now.getTime()
    return this.sweep(now)
  }

  /** Clears the timers and waits for expiries in progress. */
  async stop(): Promise<void> {
    this.stopped = true
    for (const timer of this.timers.values()) {
      clearTimeout(timer)
    }
    this.timers.clear()
    await Promise.all(this.running)
  }

  private track(work: Promise<unknown>): void {
    this.running.add(work)
    void work.finally(() => this.running.delete(work))
  }
}
