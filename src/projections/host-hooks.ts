import type { PayloadRequest } from 'payload'

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

/** What the projector needs to deliver: the collection it writes and the host's callbacks. */
export interface ProjectorOptions {
  hooks: { afterBookingCreate: AfterBookingCreateHook[]; afterStatusChange: AfterStatusChangeHook[] }
  slugs: { reservations: string }
}
