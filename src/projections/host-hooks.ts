import type { PayloadRequest } from 'payload'

import type { Guest, RelationId } from '../events/types.js'

/** A reservation document as the hooks see it. */
export type ReservationDoc = Record<string, unknown> & { id: string; status: string }

export type AfterBookingCreateHook = (args: {
  doc: ReservationDoc
  req: PayloadRequest
}) => Promise<void> | void

export type AfterStatusChangeHook = (args: {
  doc: ReservationDoc
  newStatus: string
  req: PayloadRequest
}) => Promise<void> | void

/**
 * A reservation entering the confirm or the cancel status. Before the change, `doc` is the
 * reservation as the change will make it; after, as saved.
 */
export type BookingTransitionHook = (args: {
  doc: ReservationDoc
  previousStatus: string
  req: PayloadRequest
}) => Promise<void> | void

/**
 * A waitlist entry was offered a hold on freed capacity: tell its contact (the customer, or the
 * guest's e-mail or phone) to book it with `holdId` before `expiresAt`; a guest books it with
 * `holdToken`, which only this call carries. Fires once per offer, across processes.
 */
export type AfterWaitlistOfferHook = (args: {
  contact: { customer: null | RelationId; guest: Guest | null }
  entry: { entryId: string; from: string; guestCount: number; resource: null | RelationId; service: RelationId; to: string }
  hold: { endTime: string; expiresAt: string; holdId: string; holdToken?: string; resource: RelationId; service: RelationId; startTime: string }
  req: PayloadRequest
}) => Promise<void> | void

/** What the projector needs to deliver: the collection it writes, the host's callbacks and the statuses they watch. */
export interface ProjectorOptions {
  cancelledStatus: string
  confirmedStatus: null | string
  hooks: {
    afterBookingCancel: BookingTransitionHook[]
    afterBookingConfirm: BookingTransitionHook[]
    afterBookingCreate: AfterBookingCreateHook[]
    afterStatusChange: AfterStatusChangeHook[]
  }
  slugs: { reservations: string }
  /** The reservations collection's tenant field on a multi-tenant site. */
  tenantField?: null | string
}
