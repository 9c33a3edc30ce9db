import type { ClaimRepair, CommandMeta, Ledger } from '../commands/ledger.js'
import type { ReservationsProjector } from './reservations-projector.js'
import type { Ownership } from './request-ownership.js'
import type { Touched } from './touched.js'
import type { WaitlistProjector } from './waitlist-projector.js'

import { type HoldsProjector, touchesHold } from './holds-projector.js'

/** What one handler did in a catch-up run. */
export interface CatchUpResult {
  projected: number
  /** Claims set right: released where no reservation holds them, recorded where one is missing. */
  reconciled: number
}

/**
 * One job catch-up runs over the reservations a run of events touched, leaving alone those a
 * request in this process is writing. Handlers run in order: documents, then their hooks (which
 * read the documents), then claims.
 */
export interface CatchUpHandler {
  handle(touched: Touched): Promise<Partial<CatchUpResult>>
}

const SYSTEM: CommandMeta = { actor: { kind: 'system', name: 'catch-up' }, privileged: true }

const notOwned = (ids: Iterable<string>, owned: Ownership): string[] => [...ids].filter((id) => !owned.isOwned(id))

/** Documents brought to what their streams say (created, rewritten or deleted). */
export const projectDocuments = (projector: Pick<ReservationsProjector, 'project' | 'upToDate'>, owned: Ownership): CatchUpHandler => ({
  async handle(touched) {
    const due = notOwned(touched.reservations, owned)
    const whole = due.flatMap((id) => {
      const events = touched.wholeStream(id)
      return events ? [[id, events] as const] : []
    })
    for (const reservationId of await projector.upToDate(new Map(whole))) {
      touched.upToDate.add(reservationId)
    }
    for (const reservationId of due) {
      if (!touched.upToDate.has(reservationId)) {
        await projector.project(reservationId, { deliverHooks: false, settledBefore: touched.settledBefore })
      }
    }
    return { projected: due.length }
  },
})

/** Rows of the holds collection brought to what the streams say, for every hold a run started or ended. */
export const projectHolds = (holds: Pick<HoldsProjector, 'project'>): CatchUpHandler => ({
  async handle({ events }) {
    for (const holdId of new Set(events.filter(touchesHold).map((event) => event.data.reservationId))) {
      await holds.project(holdId)
    }
    return {}
  },
})

/** Rows of the waitlist collection brought to what the streams say, for every entry a run touched. */
export const projectWaitlist = (rows: Pick<WaitlistProjector, 'project'>): CatchUpHandler => ({
  async handle({ waitlist }) {
    for (const entryId of waitlist) {
      await rows.project(entryId)
    }
    return {}
  },
})

/** Host hooks of events newer than their document's checkpoint, delivered (at least once). */
export const deliverHooks = (projector: Pick<ReservationsProjector, 'deliverPending'>, owned: Ownership): CatchUpHandler => ({
  async handle({ reservations, settledBefore, upToDate }) {
    for (const reservationId of notOwned(reservations, owned).filter((id) => !upToDate.has(id))) {
      await projector.deliverPending(reservationId, settledBefore)
    }
    return {}
  },
})

/**
 * Claims set right both ways: a claim no reservation holds, a reservation whose claim is
 * missing or different. Each repair is told to `onRepair`.
 */
export const reconcileClaims = (
  ledger: Pick<Ledger, 'reconcileClaims'>,
  owned: Ownership,
  onRepair?: (reservationId: string, repairs: ClaimRepair[]) => void,
): CatchUpHandler => ({
  async handle(touched) {
    const { claims, reservations } = touched
    let reconciled = 0
    for (const reservationId of notOwned(new Set([...reservations, ...claims.keys()]), owned)) {
      const claimedOn = [...(claims.get(reservationId) ?? [])]
      const events = touched.wholeStream(reservationId)
      const repairs = await ledger.reconcileClaims(reservationId, claimedOn, SYSTEM, events && { events, seen: touched.months })
      if (repairs.length > 0) {
        reconciled += repairs.length
        onRepair?.(reservationId, repairs)
      }
    }
    return { reconciled }
  },
})
