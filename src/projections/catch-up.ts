import type { CommandMeta, Ledger } from '../commands/ledger.js'
import type { EventStore } from '../events/store.js'
import type { ReservationsProjector } from './reservations-projector.js'

import { isReservationEvent, isResourceEvent, RESOURCE_STREAM_PREFIX } from '../events/types.js'

export interface CheckpointStore {
  load(): Promise<string | undefined>
  save(position: string): Promise<void>
}

export interface CatchUpOptions {
  /** Events younger than this are left to the writer still handling them. */
  graceMs: number
  /** How far before the checkpoint to re-read, for events a concurrent writer committed late. */
  lookbackMs: number
  pageSize: number
}

export interface CatchUpResult {
  projected: number
  reconciled: number
}

const SYSTEM: CommandMeta = { actor: { kind: 'system', name: 'catch-up' }, privileged: true }

/**
 * Re-delivers what a crash (of this or any other process) left undone: reservation documents
 * and hooks behind their streams, and capacity claims of bookings that never landed.
 * It reads the ledger from a stored checkpoint, so a restart costs only what is new.
 */
export class CatchUp {
  private running: null | Promise<CatchUpResult> = null

  constructor(
    private readonly store: EventStore,
    private readonly ledger: Ledger,
    private readonly projector: ReservationsProjector,
    private readonly checkpoint: CheckpointStore,
    private readonly options: CatchUpOptions,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Records that everything up to `position` is projected and delivered, so the next pass
   * starts after it (a restore rebuilds what it imported and must not be scanned again).
   */
  async advanceTo(position: string): Promise<void> {
    await this.settle()
    const saved = await this.checkpoint.load()
    if (saved === undefined || position > saved) {
      await this.checkpoint.save(position)
    }
  }

  /** Waits for the pass in progress, if any (its failure is reported by whoever started it). */
  async settle(): Promise<void> {
    await this.running?.catch(() => undefined)
  }

  /** One pass; concurrent callers share the pass in progress. */
  run(): Promise<CatchUpResult> {
    this.running ??= this.pass().finally(() => {
      this.running = null
    })
    return this.running
  }

  private async pass(): Promise<CatchUpResult> {
    const saved = await this.checkpoint.load()
    const cutoff = this.clock() - this.options.graceMs
    const reservations = new Set<string>()
    const claims = new Map<string, Set<string>>()
    let after = saved === undefined ? undefined : this.store.rewind(saved, this.options.lookbackMs)
    let reached = saved
    scan: for (;;) {
      const page = await this.store.readAll({ after, limit: this.options.pageSize })
      for (const event of page) {
        if (Date.parse(event.recordedAt) > cutoff) {
          break scan
        }
        if (isReservationEvent(event)) {
          reservations.add(event.data.reservationId)
        } else if (isResourceEvent(event) && event.type === 'CapacityClaimed') {
          const resources = claims.get(event.data.reservationId) ?? new Set<string>()
          resources.add(event.stream.slice(RESOURCE_STREAM_PREFIX.length))
          claims.set(event.data.reservationId, resources)
        }
        if (reached === undefined || event.position > reached) {
          reached = event.position
        }
      }
      if (page.length < this.options.pageSize) {
        break
      }
      after = page[page.length - 1].position
    }

    let projected = 0
    for (const reservationId of reservations) {
      if (!this.projector.requestOwned.has(reservationId)) {
        await this.projector.project(reservationId)
        projected++
      }
    }
    let reconciled = 0
    for (const [reservationId, resources] of claims) {
      if (this.projector.requestOwned.has(reservationId)) {
        continue
      }
      const trimmed = await this.ledger.reconcileClaims(reservationId, [...resources], SYSTEM)
      reconciled += trimmed.length
    }
    if (reached !== undefined && reached !== saved) {
      await this.checkpoint.save(reached)
    }
    return { projected, reconciled }
  }
}
