import type { PayloadRequest } from 'payload'

import type { RequestWrite } from './write-session.js'

/**
 * Payload stamps its own clock on an updated document; the ledger's decision time is the
 * truth, as a rebuild has it. Set it back within the request, in the stored document and in
 * what the request answers, so that no later write (the admin would read it as another user's
 * edit) and no rebuild differs from what the caller was given.
 */
export const keepLedgerTime = async (
  req: PayloadRequest,
  collection: string,
  reservationId: string,
  write: RequestWrite,
  result: unknown,
): Promise<void> => {
  if (write.state.kind !== 'active') {
    return
  }
  const { updatedAt } = write.state.reservation
  const answered = (result as { docs?: unknown[] } | null)?.docs ?? [result]
  const docs = answered.filter(
    (doc): doc is { id: unknown; updatedAt?: unknown } => !!doc && typeof doc === 'object' && String((doc as { id?: unknown }).id) === reservationId,
  )
  if (docs.length === 0 || docs.every((doc) => doc.updatedAt === updatedAt)) {
    return
  }
  // Only while the document still shows what this request saved: another process's newer
  // save carries its own time, and is not this request's to change.
  await req.payload.db.updateOne({
    collection,
    data: { updatedAt },
    req,
    returning: false,
    where: { and: [{ id: { equals: reservationId } }, { ledgerRevision: { equals: write.revision } }] },
  })
  docs.forEach((doc) => (doc.updatedAt = updatedAt))
}
