import type { CollectionSlug, Payload, PayloadRequest } from 'payload'

import { createLocalReq } from 'payload'

import type { CommandMeta, Ledger } from '../../../commands/ledger.js'
import type { AdoptReservation } from '../../../commands/reservation-commands.js'
import type { ReserveRuntime, Services } from '../../services.js'
import type { SourceDocument } from './adopt-command.js'

import { BusyIndex } from '../../../capacity/busy-index.js'
import { NO_STREAM } from '../../../events/store.js'
import { isCommandRejected } from '../../../events/rejection.js'
import { reservationStream } from '../../../events/types.js'
import { createLedger } from '../../shared/create-ledger.js'
import { adoptCommand } from './adopt-command.js'
import { trialStore } from './trial-store.js'

/** A document adopted although it overlapped others beyond a resource's capacity. */
export interface AdoptConflict {
  id: string
  /** The reservations already holding that time on its resources. */
  overlaps: string[]
}

export interface AdoptFailure {
  id: string
  message: string
  path?: string
}

export interface AdoptReport {
  /** Adopted documents (in a dry run: those that would be), the conflicts among them. */
  adopted: string[]
  collection: CollectionSlug
  conflicts: AdoptConflict[]
  dryRun: boolean
  /** Documents the ledger could not take as they are (a missing service, an unknown status…): left as they were. */
  failed: AdoptFailure[]
  /** Documents whose reservation the ledger has already: adopted before, or booked here. */
  skipped: number
  total: number
}

export interface AdoptProgress {
  done: number
  total: number
}

const PAGE = 200

/** The command handler adopt writes through: the real one, or one over a trial copy for `--dry-run`. */
const ledgerFor = (payload: Payload, runtime: ReserveRuntime, dryRun: boolean): { busy: BusyIndex; ledger: Ledger } => {
  if (!dryRun) {
    return { busy: runtime.busy, ledger: runtime.ledger }
  }
  const store = trialStore(runtime.store)
  const busy = new BusyIndex(store)
  return { busy, ledger: createLedger(payload, runtime.options, store, busy) }
}

/** The reservations already holding the time a command claims (other than itself). */
const overlapsOf = async (busy: BusyIndex, { data }: AdoptReservation): Promise<string[]> => {
  const ids = new Set<string>()
  for (const { intervals, resource } of data.claims) {
    for (const { end, start } of intervals) {
      const index = await busy.window(resource, start, end)
      index.overlapping(start, end).forEach(({ key }) => ids.add(key))
    }
  }
  ids.delete(data.reservationId)
  return [...ids].sort()
}

/**
 * Adopts one document: claimed like a booking where it fits; where the time is already held
 * beyond capacity, recorded anyway (the reservation exists, and its time must not be offered
 * again) and returned as a conflict for staff to resolve.
 */
const adoptOne = async (
  { busy, ledger }: { busy: BusyIndex; ledger: Ledger },
  command: AdoptReservation,
  meta: CommandMeta,
): Promise<AdoptConflict | null> => {
  try {
    await ledger.execute(command, meta)
    return null
  } catch (error) {
    if (!isCommandRejected(error) || error.kind !== 'conflict' || error.path === 'id') {
      throw error
    }
  }
  const overlaps = await overlapsOf(busy, command)
  await ledger.execute({ ...command, data: { ...command.data, overCapacity: overlaps } }, meta, { beyondCapacity: true })
  return { id: command.data.reservationId, overlaps }
}

/** Adopts one document unless the ledger has it, recording the outcome in `report`. */
const adoptDocument = async (
  runtime: ReserveRuntime,
  target: { busy: BusyIndex; ledger: Ledger },
  { collection, doc, dryRun, report, req }: { collection: CollectionSlug; doc: SourceDocument; dryRun: boolean; report: AdoptReport; req: PayloadRequest },
): Promise<void> => {
  const id = String(doc.id)
  if ((await runtime.store.streamRevision(reservationStream(id))) !== NO_STREAM) {
    report.skipped++
    return
  }
  // The runtime projects appended events of reservations nobody owns; this run projects its own.
  runtime.ownership.claim(id)
  try {
    const command = await adoptCommand(req, doc, runtime.options)
    const meta: CommandMeta = {
      actor: { kind: 'system', name: 'adopt' },
      now: new Date(command.data.createdAt),
      privileged: true,
      reason: `adopted from ${collection}`,
    }
    const conflict = await adoptOne(target, command, meta)
    report.adopted.push(id)
    if (conflict) {
      report.conflicts.push(conflict)
    }
    if (!dryRun) {
      await runtime.projector.project(id)
    }
  } catch (error) {
    if (!isCommandRejected(error)) {
      throw error
    }
    if (error.kind === 'conflict' && error.path === 'id') {
      // Another run adopted it meanwhile.
      report.skipped++
    } else {
      report.failed.push({ id, message: error.message, ...(error.path ? { path: error.path } : {}) })
    }
  } finally {
    runtime.ownership.release(id)
  }
}

/**
 * `payload reserve:adopt`: writes one `ReservationAdopted` per document of the reservations
 * collection that has no stream yet, oldest first (`createdAt`, then id), so of two overlapping
 * reservations the earlier one claims the time and the later is the conflict. A document the
 * ledger has already is skipped, so a second run adopts nothing. A dry run decides the same
 * way against a copy of the streams it touches and writes nothing.
 */
export const adoptReservations = async (
  payload: Payload,
  services: Services<ReserveRuntime>,
  { dryRun = false, onProgress = () => undefined }: { dryRun?: boolean; onProgress?: (progress: AdoptProgress) => void } = {},
): Promise<AdoptReport> => {
  const runtime = services.of(payload)
  const collection = runtime.options.slugs.reservations
  const target = ledgerFor(payload, runtime, dryRun)
  const req = await createLocalReq({}, payload)
  const report: AdoptReport = { adopted: [], collection, conflicts: [], dryRun, failed: [], skipped: 0, total: 0 }
  let done = 0
  for (let page = 1; ; page++) {
    const found = await payload.db.find<SourceDocument>({ collection, limit: PAGE, page, req, sort: ['createdAt', 'id'] })
    report.total = found.totalDocs
    for (const doc of found.docs) {
      await adoptDocument(runtime, target, { collection, doc, dryRun, report, req })
      onProgress({ done: ++done, total: report.total })
    }
    if (!found.hasNextPage) {
      return report
    }
  }
}
